<?php
/**
 * The product: the "Folio product id" field (saved with its nonce, by someone who may edit
 * the product) and the Personalize button on the product page.
 *
 * @package FolioPersonalize\Tests
 */

final class ProductTest extends Folio_Test_Case {

	private function product( string $folio_id = 'prd_business-card' ): WC_Product {
		$id      = wp_insert_post( array( 'post_type' => 'product', 'post_title' => 'Business cards', 'post_status' => 'publish' ) );
		$product = new WC_Product( $id );
		if ( '' !== $folio_id ) {
			$product->update_meta_data( '_folio_product_id', $folio_id );
		}
		return $product;
	}

	private function post_field( string $value, ?string $nonce = null ): void {
		$_POST = wp_slash( array( 'folio_product_id' => $value, 'folio_personalize_product_nonce' => $nonce ?? wp_create_nonce( 'folio_personalize_save_product' ) ) );
	}

	public function test_saves_the_folio_product_id_for_a_user_who_may_edit_the_product(): void {
		$this->login( 'administrator' );
		$product = $this->product( '' );
		$this->post_field( ' prd_business-card ' );
		do_action( 'woocommerce_admin_process_product_object', $product );
		$this->assertSame( 'prd_business-card', $product->get_meta( '_folio_product_id' ) );

		$this->post_field( '' );
		do_action( 'woocommerce_admin_process_product_object', $product );
		$this->assertSame( '', $product->get_meta( '_folio_product_id' ) );
	}

	public function test_ignores_a_bad_nonce_a_user_without_the_right_and_a_bad_id(): void {
		$this->login( 'administrator' );
		$product = $this->product( 'prd_1' );
		$this->post_field( 'prd_2', 'bad-nonce' );
		do_action( 'woocommerce_admin_process_product_object', $product );
		$this->assertSame( 'prd_1', $product->get_meta( '_folio_product_id' ) );

		$this->post_field( 'prd "><script>' );
		do_action( 'woocommerce_admin_process_product_object', $product );
		$this->assertSame( 'prd_1', $product->get_meta( '_folio_product_id' ) );

		$this->login( 'subscriber' );
		$this->post_field( 'prd_3' );
		do_action( 'woocommerce_admin_process_product_object', $product );
		$this->assertSame( 'prd_1', $product->get_meta( '_folio_product_id' ) );
	}

	public function test_the_field_shows_the_saved_id_escaped_with_its_nonce(): void {
		$this->login( 'administrator' );
		$GLOBALS['product_object'] = $this->product( 'prd_1' );
		$html = $this->output_of( static fn() => do_action( 'woocommerce_product_options_general_product_data' ) );
		$this->assertStringContainsString( 'name="folio_product_id" value="prd_1"', $html );
		$this->assertMatchesRegularExpression( '/name="folio_personalize_product_nonce" value="[0-9a-f]{10}"/', $html );
		unset( $GLOBALS['product_object'] );
	}

	private function button( WC_Product $product ): string {
		$GLOBALS['product'] = $product;
		try {
			return $this->output_of( static fn() => do_action( 'woocommerce_before_add_to_cart_button' ) );
		} finally {
			unset( $GLOBALS['product'] );
		}
	}

	public function test_the_button_opens_the_editor_for_the_product_with_the_public_token_only(): void {
		$this->configure();
		$html = $this->button( $this->product() );
		$this->assertStringContainsString( '<button type="button" class="button alt folio-personalize__open">Personalize</button>', $html );
		$this->assertStringContainsString( 'data-folio-url="https://print.example.com" data-folio-token="put_4b1d2c3e4f5a6b7c" data-folio-product="prd_business-card" data-folio-locale="en"', $html );
		$this->assertStringContainsString( '<input type="hidden" name="folio_design_id" value="" />', $html );
		$this->assertStringContainsString( '<input type="hidden" name="folio_preview_url" value="" />', $html );
		$this->assertStringContainsString( '<dialog class="folio-personalize__dialog"', $html );
		$this->assertStringNotContainsString( 'sk_live_', $html );
		$this->assertTrue( wp_script_is( 'folio-personalize', 'enqueued' ) );
		$this->assertStringEndsWith( '/wp-content/plugins/folio-personalize/assets/personalize.js', wp_scripts()->registered['folio-personalize']->src );
	}

	public function test_the_editor_speaks_the_sites_language_when_folio_has_it(): void {
		$this->configure();
		add_filter( 'determine_locale', static fn() => 'fr_FR' );
		$this->assertStringContainsString( 'data-folio-locale="fr"', $this->button( $this->product() ) );
		remove_all_filters( 'determine_locale' );
		add_filter( 'determine_locale', static fn() => 'de_DE' );
		$this->assertStringContainsString( 'data-folio-locale="en"', $this->button( $this->product() ) );
	}

	public function test_no_button_without_a_folio_product_or_before_folio_is_set_up(): void {
		$this->assertSame( '', $this->button( $this->product() ) );
		$this->configure();
		$this->assertSame( '', $this->button( $this->product( '' ) ) );
	}
}
