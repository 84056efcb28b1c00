<?php
/**
 * Deleting the plugin (Plugins → Delete) removes its settings, the saved secret key included.
 * Product ids (`_folio_product_id`) and order item meta (`_folio_design_id`) stay: they are the
 * shop's records of what was sold.
 *
 * @package FolioPersonalize
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'folio_personalize_settings' );
