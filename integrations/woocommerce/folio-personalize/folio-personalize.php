<?php
/**
 * Plugin Name:       Folio Personalize
 * Description:       A "Personalize" button on WooCommerce product pages that opens the Folio editor, carries the saved design through the cart (classic and block checkout) onto the order line, and shows the print order's state and print file on the admin order page.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Requires Plugins:  woocommerce
 * Author:            Folio
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       folio-personalize
 * Domain Path:       /languages
 * WC requires at least: 8.2
 *
 * @package FolioPersonalize
 */

/*
 * Copyright (C) 2026 Folio contributors
 *
 * This program is free software; you can redistribute it and/or modify it under the terms of
 * the GNU General Public License as published by the Free Software Foundation; either version 2
 * of the License, or (at your option) any later version. This program is distributed in the
 * hope that it will be useful, but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License
 * (LICENSE, beside this file) for more details.
 */

defined( 'ABSPATH' ) || exit;

define( 'FOLIO_PERSONALIZE_VERSION', '0.1.0' );
define( 'FOLIO_PERSONALIZE_FILE', __FILE__ );
define( 'FOLIO_PERSONALIZE_DIR', plugin_dir_path( __FILE__ ) );

require_once FOLIO_PERSONALIZE_DIR . 'includes/class-folio-settings.php';
require_once FOLIO_PERSONALIZE_DIR . 'includes/class-folio-api.php';
require_once FOLIO_PERSONALIZE_DIR . 'includes/class-folio-product.php';
require_once FOLIO_PERSONALIZE_DIR . 'includes/class-folio-cart.php';
require_once FOLIO_PERSONALIZE_DIR . 'includes/class-folio-order-box.php';

/**
 * Declares that the plugin works with WooCommerce's order tables (HPOS): it reads and writes
 * orders only through WooCommerce's CRUD objects (wc_get_order, order item meta), never through
 * wp_posts/wp_postmeta; and with the block-based cart and checkout (Store API).
 */
function folio_personalize_declare_compatibility(): void {
	if ( class_exists( \Automattic\WooCommerce\Utilities\FeaturesUtil::class ) ) {
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', FOLIO_PERSONALIZE_FILE, true );
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'cart_checkout_blocks', FOLIO_PERSONALIZE_FILE, true );
	}
}
add_action( 'before_woocommerce_init', 'folio_personalize_declare_compatibility' );

/** Loads the translations (text domain folio-personalize). */
function folio_personalize_load_textdomain(): void {
	load_plugin_textdomain( 'folio-personalize', false, dirname( plugin_basename( FOLIO_PERSONALIZE_FILE ) ) . '/languages' );
}
add_action( 'init', 'folio_personalize_load_textdomain' );

Folio_Personalize_Settings::register();
Folio_Personalize_Product::register();
Folio_Personalize_Cart::register();
Folio_Personalize_Order_Box::register();
