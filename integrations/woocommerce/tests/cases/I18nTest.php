<?php
/**
 * Translations: every string the plugin shows goes through WordPress's i18n functions with
 * the text domain folio-personalize, and languages/folio-personalize.pot lists each of them.
 *
 * @package FolioPersonalize\Tests
 */

final class I18nTest extends Folio_Test_Case {

	/** @return array<string, string> source text by file */
	private function sources(): array {
		$out = array();
		foreach ( array_merge( array( FOLIO_PERSONALIZE_FILE ), glob( FOLIO_PERSONALIZE_DIR . 'includes/*.php' ) ) as $file ) {
			$out[ basename( $file ) ] = (string) file_get_contents( $file );
		}
		return $out;
	}

	public function test_every_translation_call_names_the_plugins_text_domain(): void {
		$calls = 0;
		foreach ( $this->sources() as $file => $src ) {
			preg_match_all( '/\b(?:__|_e|_x|_n|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*(\'(?:[^\'\\\\]|\\\\.)*\'|"(?:[^"\\\\]|\\\\.)*")\s*,\s*([^)]*?)\s*\)/', $src, $m, PREG_SET_ORDER );
			foreach ( $m as $call ) {
				++$calls;
				$this->assertSame( "'folio-personalize'", $call[2], "$file: {$call[0]}" );
			}
		}
		$this->assertGreaterThanOrEqual( 40, $calls );
	}

	public function test_the_pot_file_lists_every_string(): void {
		$pot = (string) file_get_contents( FOLIO_PERSONALIZE_DIR . 'languages/folio-personalize.pot' );
		foreach ( $this->sources() as $file => $src ) {
			preg_match_all( '/\b(?:__|esc_html__|esc_attr__)\(\s*\'((?:[^\'\\\\]|\\\\.)*)\'\s*,\s*\'folio-personalize\'/', $src, $m );
			foreach ( $m[1] as $text ) {
				$msgid = 'msgid ' . wp_json_encode( stripslashes( $text ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
				$this->assertStringContainsString( $msgid, $pot, "$file: '$text' is missing from the .pot (regenerate it: see integrations/woocommerce/README.md)" );
			}
		}
	}

	public function test_a_translation_loaded_for_the_domain_is_used(): void {
		$mo = new MO();
		$mo->add_entry( new Translation_Entry( array( 'singular' => 'Personalize', 'translations' => array( 'Personnaliser' ) ) ) );
		$GLOBALS['l10n']['folio-personalize'] = $mo;
		try {
			$this->configure();
			$product = new WC_Product( 42 );
			$product->update_meta_data( '_folio_product_id', 'prd_1' );
			$GLOBALS['product'] = $product;
			$html = $this->output_of( static fn() => do_action( 'woocommerce_before_add_to_cart_button' ) );
			$this->assertStringContainsString( '>Personnaliser</button>', $html );
		} finally {
			unset( $GLOBALS['l10n']['folio-personalize'], $GLOBALS['product'] );
		}
	}
}
