<?php
/**
 * The design from the product page to the order line: classic cart, Store API (block) cart,
 * what the cart shows, and the order item meta Folio reads.
 *
 * @package FolioPersonalize\Tests
 */

use Automattic\WooCommerce\StoreApi\Exceptions\RouteException;

final class CartTest extends Folio_Test_Case {

	private const DESIGN = '0f8e2c1a-5b7d-4e3f-9a21-c4d5e6f7a8b9';

	public function test_classic_add_to_cart_keeps_a_valid_design_id_and_preview(): void {
		$_POST = wp_slash( array( 'folio_design_id' => strtoupper( self::DESIGN ), 'folio_preview_url' => 'https://print.example.com/files/p.png' ) );
		$this->assertTrue( apply_filters( 'woocommerce_add_to_cart_validation', true, 12, 1 ) );
		$data = apply_filters( 'woocommerce_add_cart_item_data', array( 'other' => 1 ), 12, 0 );
		$this->assertSame( array( 'other' => 1, 'folio_design_id' => self::DESIGN, 'folio_preview_url' => 'https://print.example.com/files/p.png' ), $data );
		$this->assertSame( array(), $GLOBALS['folio_test_double_notices'] );
	}

	public function test_classic_add_to_cart_refuses_an_id_that_is_not_a_uuid(): void {
		foreach ( array( 'not-a-uuid', '0f8e2c1a-5b7d-4e3f-9a21-c4d5e6f7a8b', "0f8e2c1a-5b7d-4e3f-9a21-c4d5e6f7a8b9'--", '<script>' ) as $bad ) {
			$GLOBALS['folio_test_double_notices'] = array();
			$_POST = wp_slash( array( 'folio_design_id' => $bad ) );
			$this->assertFalse( apply_filters( 'woocommerce_add_to_cart_validation', true, 12, 1 ), $bad );
			$this->assertSame( 'error', $GLOBALS['folio_test_double_notices'][0]['type'] );
			$this->assertStringContainsString( 'save it again', $GLOBALS['folio_test_double_notices'][0]['notice'] );
			$this->assertSame( array(), apply_filters( 'woocommerce_add_cart_item_data', array(), 12, 0 ), $bad );
		}
	}

	public function test_a_plain_add_to_cart_is_left_alone(): void {
		$this->assertTrue( apply_filters( 'woocommerce_add_to_cart_validation', true, 12, 1 ) );
		$this->assertFalse( apply_filters( 'woocommerce_add_to_cart_validation', false, 12, 1 ), 'an earlier refusal stands' );
		$this->assertSame( array(), apply_filters( 'woocommerce_add_cart_item_data', array(), 12, 0 ) );
	}

	public function test_a_preview_that_is_not_http_is_dropped(): void {
		$_POST = wp_slash( array( 'folio_design_id' => self::DESIGN, 'folio_preview_url' => 'javascript:alert(1)' ) );
		$this->assertSame( array( 'folio_design_id' => self::DESIGN ), apply_filters( 'woocommerce_add_cart_item_data', array(), 12, 0 ) );
	}

	public function test_the_cart_shows_the_line_as_personalised_with_its_preview_escaped(): void {
		$shown = apply_filters( 'woocommerce_get_item_data', array(), array( 'folio_design_id' => self::DESIGN, 'folio_preview_url' => 'https://print.example.com/p.png?a=1&b="><script>x</script>' ) );
		$this->assertCount( 1, $shown );
		$this->assertSame( 'Personalised', $shown[0]['key'] );
		$this->assertSame( self::DESIGN, $shown[0]['value'] );
		$this->assertStringContainsString( '<img src="https://print.example.com/p.png?a=1&#038;b=', $shown[0]['display'] );
		$this->assertStringNotContainsString( '<script>', $shown[0]['display'] );
		$this->assertSame( array(), apply_filters( 'woocommerce_get_item_data', array(), array( 'product_id' => 12 ) ) );
	}

	private function store_api_request( array $body ): WP_REST_Request {
		$request = new WP_REST_Request( 'POST', '/wc/store/v1/cart/add-item' );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( wp_json_encode( $body ) );
		return $request;
	}

	public function test_store_api_add_item_takes_the_design_from_the_request_extensions(): void {
		$request = $this->store_api_request( array( 'id' => 12, 'quantity' => 2, 'extensions' => array( 'folio-personalize' => array( 'design_id' => self::DESIGN, 'preview_url' => 'https://print.example.com/p.png' ) ) ) );
		$data    = apply_filters( 'woocommerce_store_api_add_to_cart_data', array( 'id' => 12, 'quantity' => 2, 'variation' => array(), 'cart_item_data' => array() ), $request );
		$this->assertSame( array( 'id' => 12, 'quantity' => 2, 'variation' => array(), 'cart_item_data' => array( 'folio_design_id' => self::DESIGN, 'folio_preview_url' => 'https://print.example.com/p.png' ) ), $data );

		$flat = $this->store_api_request( array( 'id' => 12, 'folio_design_id' => self::DESIGN ) );
		$this->assertSame( array( 'folio_design_id' => self::DESIGN ), apply_filters( 'woocommerce_store_api_add_to_cart_data', array( 'id' => 12, 'cart_item_data' => array() ), $flat )['cart_item_data'] );
	}

	public function test_store_api_add_item_refuses_a_bad_id_with_a_400(): void {
		$request = $this->store_api_request( array( 'id' => 12, 'extensions' => array( 'folio-personalize' => array( 'design_id' => 'nope' ) ) ) );
		try {
			apply_filters( 'woocommerce_store_api_add_to_cart_data', array( 'id' => 12, 'cart_item_data' => array() ), $request );
			$this->fail( 'a bad design id went into the cart' );
		} catch ( RouteException $e ) {
			$this->assertSame( 400, $e->getCode() );
			$this->assertSame( 'folio_personalize_invalid_design', $e->getErrorCode() );
		}
	}

	public function test_store_api_add_item_without_a_design_is_unchanged(): void {
		$in = array( 'id' => 12, 'quantity' => 1, 'variation' => array(), 'cart_item_data' => array( 'x' => 1 ) );
		$this->assertSame( $in, apply_filters( 'woocommerce_store_api_add_to_cart_data', $in, $this->store_api_request( array( 'id' => 12 ) ) ) );
	}

	public function test_checkout_keeps_the_design_as_order_item_meta(): void {
		$_POST  = wp_slash( array( 'folio_design_id' => self::DESIGN, 'folio_preview_url' => 'https://print.example.com/p.png' ) );
		$values = apply_filters( 'woocommerce_add_cart_item_data', array(), 12, 0 ) + array( 'product_id' => 12, 'quantity' => 1 );
		$order  = new WC_Order( 1042 );
		$item   = new WC_Order_Item_Product( 501, 'Business cards' );
		do_action( 'woocommerce_checkout_create_order_line_item', $item, 'cart-key', $values, $order );
		$this->assertSame( self::DESIGN, $item->get_meta( '_folio_design_id' ) );
		$this->assertSame( 'https://print.example.com/p.png', $item->get_meta( '_folio_preview_url' ) );

		// Twice (a retried checkout) still leaves one value.
		do_action( 'woocommerce_checkout_create_order_line_item', $item, 'cart-key', $values, $order );
		$this->assertCount( 1, $item->get_meta( '_folio_design_id', false ) );

		$plain = new WC_Order_Item_Product( 502, 'Flyer' );
		do_action( 'woocommerce_checkout_create_order_line_item', $plain, 'other', array( 'product_id' => 13 ), $order );
		$this->assertSame( array(), $plain->get_meta_data() );
	}
}
