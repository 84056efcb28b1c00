<?php
/**
 * The "Folio" box on the admin order page: registered on the posts-based and the HPOS order
 * screens, and its content read from Folio's API with the secret key, escaped.
 *
 * @package FolioPersonalize\Tests
 */

final class OrderBoxTest extends Folio_Test_Case {

	private const LIST_URL = 'https://print.example.com/v1/projects?external_order=woocommerce%3A1042&limit=100';

	private function order(): WC_Order {
		$order = new WC_Order( 1042 );
		$cards = new WC_Order_Item_Product( 501, 'Business cards <script>alert(1)</script>' );
		$cards->add_meta_data( '_folio_design_id', '0f8e2c1a-5b7d-4e3f-9a21-c4d5e6f7a8b9' );
		$cards->add_meta_data( '_folio_preview_url', 'https://print.example.com/p.png?w=1&h=2' );
		$mug = new WC_Order_Item_Product( 502, 'Mug' );
		$mug->add_meta_data( '_folio_design_id', '1a2b3c4d-5b7d-4e3f-9a21-c4d5e6f7a8b9' );
		$plain = new WC_Order_Item_Product( 503, 'Gift wrap' );
		foreach ( array( $cards, $mug, $plain ) as $item ) {
			$order->add_item( $item );
		}
		$order->save();
		return $order;
	}

	private function project( string $id, string $order_id, string $line, string $state, string $source = 'woocommerce' ): array {
		return array( 'id' => $id, 'name' => 'Order', 'state' => $state, 'code' => 'P-' . $id, 'external_ref' => array( 'source' => $source, 'order_id' => $order_id, 'line_item_id' => $line ) );
	}

	public function test_registered_on_the_hpos_order_screen_and_the_posts_one(): void {
		$this->login( 'administrator' );
		update_option( 'woocommerce_custom_orders_table_enabled', 'yes' );
		do_action( 'add_meta_boxes', 'woocommerce_page_wc-orders', $this->order() );
		global $wp_meta_boxes;
		$this->assertSame( 'Folio', $wp_meta_boxes['woocommerce_page_wc-orders']['normal']['default']['folio-personalize']['title'] );
		$this->assertArrayHasKey( 'folio-personalize', $wp_meta_boxes['shop_order']['normal']['default'] );

		$GLOBALS['wp_meta_boxes'] = array();
		update_option( 'woocommerce_custom_orders_table_enabled', 'no' );
		do_action( 'add_meta_boxes', 'shop_order', new WP_Post( (object) array( 'ID' => 1042 ) ) );
		$this->assertSame( array( 'shop_order' ), array_keys( $wp_meta_boxes ) );
	}

	public function test_not_registered_for_a_user_who_may_not_edit_orders(): void {
		$this->login( 'subscriber' );
		do_action( 'add_meta_boxes', 'shop_order', null );
		$this->assertArrayNotHasKey( 'shop_order', $GLOBALS['wp_meta_boxes'] );
	}

	public function test_shows_each_personalised_line_with_its_preview_state_and_print_file_escaped(): void {
		$this->configure();
		$this->login( 'administrator' );
		$this->answers[ self::LIST_URL ] = array(
			200,
			array(
				'data'  => array(
					array_merge( $this->project( 'prj-1', '1042', '501', 'in_production' ), array( 'code' => '<b>P-1</b>' ) ),
					$this->project( 'prj-x', '9999', '502', 'shipped' ),
					$this->project( 'prj-y', '1042', '502', 'shipped', 'shopify' ),
				),
				'links' => array( 'next' => null ),
			),
		);
		$this->answers['https://print.example.com/v1/projects/prj-1/files'] = array(
			200,
			array( 'data' => array( array( 'kind' => 'proof', 'status' => 'completed', 'url' => 'https://files.example.com/proof.pdf' ), array( 'kind' => 'print', 'status' => 'completed', 'url' => 'https://files.example.com/P-1.pdf?sig=a&exp=2' ) ) ),
		);
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) );

		$this->assertStringContainsString( 'Business cards &lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringContainsString( '<img src="https://print.example.com/p.png?w=1&#038;h=2"', $html );
		$this->assertStringContainsString( '<strong>In production</strong><br /><code>&lt;b&gt;P-1&lt;/b&gt;</code>', $html );
		$this->assertStringContainsString( '<a href="https://files.example.com/P-1.pdf?sig=a&#038;exp=2"', $html );
		$this->assertStringNotContainsString( 'proof.pdf', $html );
		// The mug's project is not in Folio yet: another order's and another shop's are not taken for it.
		$this->assertStringContainsString( 'Not in Folio yet', $html );
		$this->assertStringNotContainsString( 'Shipped', $html );
		$this->assertStringNotContainsString( 'Gift wrap', $html );

		$this->assertSame( array( self::LIST_URL, 'https://print.example.com/v1/projects/prj-1/files' ), array_column( $this->requests, 'url' ) );
		foreach ( $this->requests as $r ) {
			$this->assertSame( 'Bearer sk_live_0123456789abcdefghij', $r['args']['headers']['Authorization'] );
			$this->assertSame( 0, $r['args']['redirection'] );
		}
	}

	public function test_follows_the_next_page_only_on_the_configured_folio(): void {
		$this->configure();
		$this->login( 'administrator' );
		$page2 = 'https://print.example.com/v1/projects?external_order=woocommerce%3A1042&limit=100&cursor=abc';
		$this->answers[ self::LIST_URL ] = array( 200, array( 'data' => array(), 'links' => array( 'next' => $page2 ) ) );
		$this->answers[ $page2 ]         = array( 200, array( 'data' => array( $this->project( 'prj-2', '1042', '502', 'printed' ) ), 'links' => array( 'next' => 'https://evil.example.net/v1/projects' ) ) );
		$this->answers['https://print.example.com/v1/projects/prj-2/files'] = array( 200, array( 'data' => array( array( 'kind' => 'print', 'status' => 'running', 'url' => null ) ) ) );
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) );
		$this->assertStringContainsString( '<strong>Printed</strong>', $html );
		$this->assertStringContainsString( 'Not made yet', $html );
		$this->assertNotContains( 'https://evil.example.net/v1/projects', array_column( $this->requests, 'url' ) );
	}

	public function test_says_why_when_folio_refuses_or_is_unreachable_or_not_set_up(): void {
		$this->login( 'administrator' );
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) );
		$this->assertStringContainsString( 'Add the Folio URL and a secret API key in Settings → Folio', $html );
		$this->assertSame( array(), $this->requests );

		$this->configure();
		$this->answers[ self::LIST_URL ] = array( 401, array( 'error' => array( 'message' => 'Invalid <credentials>' ) ) );
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) );
		$this->assertStringContainsString( 'Folio answered 401: Invalid &lt;credentials&gt;', $html );

		$this->answers[ self::LIST_URL ] = array( 0, new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' ) );
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) );
		$this->assertStringContainsString( 'Folio could not be reached: cURL error 7: Failed to connect', $html );
		$this->assertStringContainsString( 'Not in Folio yet', $html );
	}

	public function test_reads_with_the_store_key_as_basic_auth_when_given_sid_colon_secret(): void {
		$this->configure( array( 'secret_key' => 'sid_12345678:secret_abcdefgh' ) );
		$this->login( 'administrator' );
		$this->answers[ self::LIST_URL ] = array( 200, array( 'data' => array(), 'links' => array( 'next' => null ) ) );
		$this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) );
		$this->assertSame( 'Basic ' . base64_encode( 'sid_12345678:secret_abcdefgh' ), $this->requests[0]['args']['headers']['Authorization'] );
	}

	public function test_the_posts_based_screen_passes_the_post_and_the_order_is_read_through_wc_get_order(): void {
		$this->configure();
		$this->login( 'administrator' );
		$this->order();
		$this->answers[ self::LIST_URL ] = array( 200, array( 'data' => array(), 'links' => array( 'next' => null ) ) );
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( new WP_Post( (object) array( 'ID' => 1042 ) ) ) );
		$this->assertStringContainsString( '<code>1a2b3c4d-5b7d-4e3f-9a21-c4d5e6f7a8b9</code>', $html );
	}

	public function test_an_order_without_personalised_lines_makes_no_call(): void {
		$this->configure();
		$this->login( 'administrator' );
		$order = new WC_Order( 7 );
		$order->add_item( new WC_Order_Item_Product( 1, 'Gift wrap' ) );
		$html = $this->output_of( fn() => Folio_Personalize_Order_Box::render( $order ) );
		$this->assertStringContainsString( 'No personalised items in this order.', $html );
		$this->assertSame( array(), $this->requests );
	}

	public function test_shows_nothing_to_a_user_who_may_not_edit_orders(): void {
		$this->configure();
		$this->login( 'subscriber' );
		$this->assertSame( '', $this->output_of( fn() => Folio_Personalize_Order_Box::render( $this->order() ) ) );
		$this->assertSame( array(), $this->requests );
	}
}
