<?php
/**
 * Router for PHP's built-in server (php -S … browser/product-page.php), used by the browser
 * test in test/integration/woocommerce-plugin.test.ts: a product page of the test WordPress
 * (installed by the PHPUnit run) with the plugin's Personalize button inside an add-to-cart
 * form, as WooCommerce's single product template prints it, and the form's target, which
 * runs WooCommerce's classic add-to-cart filters on what the browser posted and answers what
 * the cart would hold. WooCommerce is the test double here too.
 *
 *   FOLIO_TEST_FOLIO_URL  the Folio the button opens (the test's stand-in server)
 *
 * @package FolioPersonalize\Tests
 */

$folio_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( str_starts_with( $folio_path, '/wp-content/' ) ) {
	return false; // the plugin's script, served from the run directory by the built-in server
}
if ( str_starts_with( $folio_path, '/wp-includes/' ) && ! str_contains( $folio_path, '..' ) ) {
	// WordPress's own scripts and styles, from Debian's WordPress
	$folio_file = rtrim( getenv( 'FOLIO_WP_CORE_DIR' ) ?: '/usr/share/wordpress', '/' ) . $folio_path;
	if ( ! is_file( $folio_file ) ) {
		http_response_code( 404 );
		return true;
	}
	$folio_types = array( 'js' => 'text/javascript', 'css' => 'text/css', 'svg' => 'image/svg+xml', 'png' => 'image/png' );
	header( 'Content-Type: ' . ( $folio_types[ pathinfo( $folio_file, PATHINFO_EXTENSION ) ] ?? 'application/octet-stream' ) );
	readfile( $folio_file );
	return true;
}

ini_set( 'display_errors', '0' );
ini_set( 'log_errors', '1' );

require dirname( __DIR__ ) . '/wp-tests-config.php';
require ABSPATH . 'wp-settings.php';

update_option(
	Folio_Personalize_Settings::OPTION,
	array( 'folio_url' => (string) getenv( 'FOLIO_TEST_FOLIO_URL' ), 'public_token' => 'put_4b1d2c3e4f5a6b7c', 'secret_key' => 'sk_live_0123456789abcdefghij' )
);

if ( 'POST' === $_SERVER['REQUEST_METHOD'] ) {
	$passed = (bool) apply_filters( 'woocommerce_add_to_cart_validation', true, 42, 1 );
	$data   = $passed ? apply_filters( 'woocommerce_add_cart_item_data', array(), 42, 0 ) : null;
	header( 'Content-Type: application/json' );
	echo wp_json_encode(
		array(
			'passed'         => $passed,
			'cart_item_data' => $data,
			'notices'        => $GLOBALS['folio_test_double_notices'] ?? array(),
			'shown'          => null === $data ? array() : apply_filters( 'woocommerce_get_item_data', array(), $data ),
		)
	);
	return true;
}

$product = new WC_Product( 42 ); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- WooCommerce's global product.
$product->update_meta_data( '_folio_product_id', 'prd_business-card' );
?><!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Business cards</title><?php wp_head(); ?></head>
<body>
<h1>Business cards</h1>
<form class="cart" method="post" action="/product" enctype="multipart/form-data">
<?php do_action( 'woocommerce_before_add_to_cart_button' ); ?>
<input type="number" name="quantity" value="1" />
<button type="submit" name="add-to-cart" value="42" class="single_add_to_cart_button button alt">Add to cart</button>
</form>
<?php wp_footer(); ?>
</body></html>
