<?php
/**
 * Settings → Folio: what is saved from what the form posts (through WordPress's
 * update_option, as options.php saves it), and the page itself.
 *
 * @package FolioPersonalize\Tests
 */

final class SettingsTest extends Folio_Test_Case {

	private function save( array $input ): array {
		update_option( Folio_Personalize_Settings::OPTION, $input );
		return Folio_Personalize_Settings::get();
	}

	private function errors(): array {
		$codes = array_column( get_settings_errors( Folio_Personalize_Settings::OPTION ), 'code' );
		$GLOBALS['wp_settings_errors'] = array();
		return $codes;
	}

	public function test_keeps_a_clean_https_url_and_tokens(): void {
		$saved = $this->save( array( 'folio_url' => '  https://print.example.com/  ', 'public_token' => ' put_4b1d2c3e4f5a6b7c ', 'secret_key' => 'sk_live_0123456789abcdefghij' ) );
		$this->assertSame( array( 'folio_url' => 'https://print.example.com', 'public_token' => 'put_4b1d2c3e4f5a6b7c', 'secret_key' => 'sk_live_0123456789abcdefghij' ), $saved );
		$this->assertSame( array(), $this->errors() );
		$this->assertTrue( Folio_Personalize_Settings::editor_ready() );
	}

	public function test_refuses_a_url_that_is_not_http_and_keeps_the_saved_one(): void {
		$this->save( array( 'folio_url' => 'https://print.example.com', 'public_token' => 'put_4b1d2c3e4f5a6b7c' ) );
		foreach ( array( 'javascript:alert(1)', 'ftp://print.example.com', 'https://print.example.com/?a=1', 'https://user:pw@print.example.com', 'print.example.com' ) as $bad ) {
			$saved = $this->save( array( 'folio_url' => $bad, 'public_token' => 'put_4b1d2c3e4f5a6b7c' ) );
			$this->assertSame( 'https://print.example.com', $saved['folio_url'], $bad );
			$this->assertSame( array( 'folio_url' ), $this->errors(), $bad );
		}
	}

	public function test_refuses_tokens_that_are_not_one_word(): void {
		$saved = $this->save( array( 'folio_url' => 'http://127.0.0.1:8080', 'public_token' => 'put_4b1d "><script>', 'secret_key' => 'short' ) );
		$this->assertSame( array( 'folio_url' => 'http://127.0.0.1:8080', 'public_token' => '', 'secret_key' => '' ), $saved );
		$this->assertSame( array( 'public_token', 'secret_key' ), $this->errors() );
	}

	public function test_the_secret_key_is_write_only_kept_when_left_empty_removed_on_request(): void {
		$this->save( array( 'folio_url' => 'https://print.example.com', 'public_token' => 'put_4b1d2c3e4f5a6b7c', 'secret_key' => 'sk_live_0123456789abcdefghij' ) );
		$this->assertSame( 'sk_live_0123456789abcdefghij', $this->save( array( 'folio_url' => 'https://print.example.com', 'public_token' => 'put_4b1d2c3e4f5a6b7c', 'secret_key' => '' ) )['secret_key'] );
		$this->assertSame( '', $this->save( array( 'folio_url' => 'https://print.example.com', 'public_token' => 'put_4b1d2c3e4f5a6b7c', 'forget_secret_key' => '1' ) )['secret_key'] );
	}

	public function test_the_page_is_a_settings_api_form_with_its_nonce_and_never_shows_the_key(): void {
		$this->configure();
		$this->login( 'administrator' );
		add_settings_section( 'folio_personalize_main', 'Connection to Folio', '__return_false', Folio_Personalize_Settings::PAGE );
		Folio_Personalize_Settings::register_setting();
		$GLOBALS['title'] = 'Folio Personalize';
		$html = $this->output_of( array( Folio_Personalize_Settings::class, 'render_page' ) );
		$this->assertStringContainsString( 'action="https://shop.example.test/wp-admin/options.php"', $html );
		$this->assertStringContainsString( "name='option_page' value='folio_personalize'", $html );
		$this->assertMatchesRegularExpression( '/name="_wpnonce" value="([0-9a-f]{10})"/', $html );
		preg_match( '/name="_wpnonce" value="([0-9a-f]{10})"/', $html, $m );
		$this->assertSame( 1, wp_verify_nonce( $m[1], 'folio_personalize-options' ) );
		$this->assertStringContainsString( 'value="https://print.example.com"', $html );
		$this->assertStringNotContainsString( 'sk_live_0123456789abcdefghij', $html );
		$this->assertStringContainsString( 'A key ending in ghij is saved', $html );
	}

	public function test_the_page_refuses_a_user_without_manage_options(): void {
		$this->login( 'editor' );
		$handler = static fn() => static function ( $message ): void {
			throw new RuntimeException( is_string( $message ) ? $message : 'wp_die' );
		};
		add_filter( 'wp_die_handler', $handler );
		try {
			$this->output_of( array( Folio_Personalize_Settings::class, 'render_page' ) );
			$this->fail( 'an editor saw the settings page' );
		} catch ( RuntimeException $e ) {
			$this->assertStringContainsString( 'not allowed', $e->getMessage() );
		} finally {
			remove_filter( 'wp_die_handler', $handler );
		}
	}

	public function test_deleting_the_plugin_removes_its_settings(): void {
		$this->configure();
		$this->assertNotSame( array(), get_option( Folio_Personalize_Settings::OPTION ) );
		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', 'folio-personalize/folio-personalize.php' );
		}
		include FOLIO_PERSONALIZE_DIR . 'uninstall.php';
		$this->assertSame( 'gone', get_option( Folio_Personalize_Settings::OPTION, 'gone' ) );
	}
}
