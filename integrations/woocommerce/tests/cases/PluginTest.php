<?php
/**
 * The plugin as WordPress loads it: active, its header (licence, text domain, PHP), the
 * WooCommerce hooks it joins, and its HPOS and block checkout declarations.
 *
 * @package FolioPersonalize\Tests
 */

use Automattic\WooCommerce\Utilities\FeaturesUtil;

final class PluginTest extends Folio_Test_Case {

	public function test_wordpress_loaded_it_from_the_plugins_folder_as_an_active_plugin(): void {
		$this->assertTrue( is_plugin_active( 'folio-personalize/folio-personalize.php' ) );
		$this->assertSame( 'folio-personalize/folio-personalize.php', plugin_basename( FOLIO_PERSONALIZE_FILE ) );
		$this->assertTrue( class_exists( 'Folio_Personalize_Cart' ) );
	}

	public function test_header_says_gpl_2_or_later_php_8_2_and_the_text_domain(): void {
		$data = get_plugin_data( WP_PLUGIN_DIR . '/folio-personalize/folio-personalize.php', false, false );
		$this->assertSame( 'Folio Personalize', $data['Name'] );
		$this->assertSame( 'folio-personalize', $data['TextDomain'] );
		$this->assertSame( '8.2', $data['RequiresPHP'] );
		$header = get_file_data( WP_PLUGIN_DIR . '/folio-personalize/folio-personalize.php', array( 'License' => 'License' ) );
		$this->assertSame( 'GPL-2.0-or-later', $header['License'] );
		$this->assertStringContainsString( 'GNU GENERAL PUBLIC LICENSE', (string) file_get_contents( WP_PLUGIN_DIR . '/folio-personalize/LICENSE' ) );
	}

	public function test_declares_hpos_and_block_checkout_compatibility_during_before_woocommerce_init(): void {
		$this->assertGreaterThanOrEqual( 1, did_action( 'before_woocommerce_init' ) );
		$ours = array_values( array_filter( FeaturesUtil::$declarations, static fn( $d ) => 'folio-personalize/folio-personalize.php' === $d['plugin'] ) );
		$this->assertContains( array( 'feature' => 'custom_order_tables', 'plugin' => 'folio-personalize/folio-personalize.php', 'positive' => true ), $ours );
		$this->assertContains( array( 'feature' => 'cart_checkout_blocks', 'plugin' => 'folio-personalize/folio-personalize.php', 'positive' => true ), $ours );
	}

	public function test_joins_woocommerces_documented_hooks(): void {
		$hooks = array(
			'woocommerce_before_add_to_cart_button'      => array( Folio_Personalize_Product::class, 'render_button' ),
			'woocommerce_add_cart_item_data'             => array( Folio_Personalize_Cart::class, 'add_cart_item_data' ),
			'woocommerce_add_to_cart_validation'         => array( Folio_Personalize_Cart::class, 'validate_add_to_cart' ),
			'woocommerce_get_item_data'                  => array( Folio_Personalize_Cart::class, 'get_item_data' ),
			'woocommerce_store_api_add_to_cart_data'     => array( Folio_Personalize_Cart::class, 'store_api_add_to_cart_data' ),
			'woocommerce_checkout_create_order_line_item' => array( Folio_Personalize_Cart::class, 'create_order_line_item' ),
			'woocommerce_admin_process_product_object'   => array( Folio_Personalize_Product::class, 'save_field' ),
			'add_meta_boxes'                             => array( Folio_Personalize_Order_Box::class, 'add' ),
		);
		foreach ( $hooks as $hook => $callback ) {
			$this->assertSame( 10, has_filter( $hook, $callback ), $hook );
		}
	}

	public function test_never_touches_posts_tables_for_orders(): void {
		$source = '';
		foreach ( glob( FOLIO_PERSONALIZE_DIR . 'includes/*.php' ) as $file ) {
			$source .= file_get_contents( $file );
		}
		$this->assertDoesNotMatchRegularExpression( '/\$wpdb|get_post_meta|update_post_meta|wp_postmeta|get_post\(/', $source );
	}
}
