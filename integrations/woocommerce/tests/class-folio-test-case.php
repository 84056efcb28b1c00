<?php
/**
 * The suite's base: real WordPress state reset between tests, users by role, the plugin's
 * settings, orders made of the WooCommerce double's objects, and Folio's API answered through
 * WordPress's own HTTP API hook (pre_http_request), with every request recorded.
 *
 * @package FolioPersonalize\Tests
 */

use PHPUnit\Framework\TestCase;

abstract class Folio_Test_Case extends TestCase {

	/** @var array<int, array{url: string, args: array}> requests the plugin made */
	protected array $requests = array();

	/** @var array<string, array{0: int, 1: mixed}> answers by URL (exact), status and JSON body */
	protected array $answers = array();

	protected function setUp(): void {
		parent::setUp();
		$_POST                                 = array();
		$_REQUEST                              = array();
		$GLOBALS['folio_test_double_notices']  = array();
		$GLOBALS['wp_meta_boxes']              = array();
		WC_Order::$saved                       = array();
		WC_Product::$saved                     = array();
		$this->requests                        = array();
		$this->answers                         = array();
		delete_option( Folio_Personalize_Settings::OPTION );
		delete_option( 'woocommerce_custom_orders_table_enabled' );
		Folio_Personalize_Settings::register_setting();
		wp_set_current_user( 0 );
		add_filter( 'pre_http_request', array( $this, 'answer_http' ), 10, 3 );
	}

	protected function tearDown(): void {
		remove_filter( 'pre_http_request', array( $this, 'answer_http' ), 10 );
		remove_all_filters( 'determine_locale' );
		wp_set_current_user( 0 );
		parent::tearDown();
	}

	/** Stands in for Folio's server: answers from $this->answers, records the request. */
	public function answer_http( $preempt, $args, $url ) {
		$this->requests[] = array( 'url' => $url, 'args' => $args );
		if ( ! isset( $this->answers[ $url ] ) ) {
			return array( 'headers' => array(), 'body' => '{"error":{"message":"no such route in the test"}}', 'response' => array( 'code' => 404, 'message' => 'Not Found' ), 'cookies' => array(), 'filename' => null );
		}
		[ $status, $body ] = $this->answers[ $url ];
		if ( $body instanceof WP_Error ) {
			return $body;
		}
		return array( 'headers' => array( 'content-type' => 'application/json' ), 'body' => is_string( $body ) ? $body : wp_json_encode( $body ), 'response' => array( 'code' => $status, 'message' => get_status_header_desc( $status ) ), 'cookies' => array(), 'filename' => null );
	}

	/** A user of a role, logged in. */
	protected function login( string $role ): WP_User {
		$id = wp_insert_user( array( 'user_login' => $role . '-' . wp_generate_password( 6, false ), 'user_pass' => 'x', 'role' => $role ) );
		wp_set_current_user( $id );
		return wp_get_current_user();
	}

	/** Saves the plugin's settings through WordPress's update_option (so through the sanitiser). */
	protected function configure( array $settings = array() ): void {
		update_option( Folio_Personalize_Settings::OPTION, $settings + array( 'folio_url' => 'https://print.example.com', 'public_token' => 'put_4b1d2c3e4f5a6b7c', 'secret_key' => 'sk_live_0123456789abcdefghij' ) );
	}

	/** What a callable prints. */
	protected function output_of( callable $fn ): string {
		ob_start();
		try {
			$fn();
		} finally {
			$out = (string) ob_get_clean();
		}
		return $out;
	}
}
