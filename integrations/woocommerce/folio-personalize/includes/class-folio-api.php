<?php
/**
 * Server-side reads from Folio's API with the secret API key (never from a browser), through
 * WordPress's HTTP API.
 *
 * @package FolioPersonalize
 */

defined( 'ABSPATH' ) || exit;

/**
 * The two reads the admin order box makes: the projects (Folio's order lines) of one
 * WooCommerce order, and a project's print files.
 */
final class Folio_Personalize_Api {

	/** How many list pages to walk at most (100 projects each) looking for an order's lines. */
	public const MAX_PAGES = 5;

	/**
	 * The Folio projects of a WooCommerce order, by WooCommerce order item id. Folio makes one
	 * project per personalised line, with external_ref {source: "woocommerce", order_id,
	 * line_item_id}. The list is asked with `external_order=woocommerce:<order id>` (Folio's
	 * filter by the shop's order); the answer is matched on external_ref here as well.
	 *
	 * @param string $order_id The WooCommerce order id.
	 * @return array<string, array<string, mixed>>|WP_Error Projects by line item id.
	 */
	public static function projects_for_order( string $order_id ) {
		$s = Folio_Personalize_Settings::get();
		if ( '' === $s['folio_url'] || '' === $s['secret_key'] ) {
			return new WP_Error( 'folio_not_configured', __( 'Add the Folio URL and a secret API key in Settings → Folio to see the print orders here.', 'folio-personalize' ) );
		}
		$url   = $s['folio_url'] . '/v1/projects?' . http_build_query( array( 'external_order' => 'woocommerce:' . $order_id, 'limit' => 100 ) );
		$found = array();
		for ( $page = 0; $page < self::MAX_PAGES && null !== $url; $page++ ) {
			$body = self::get_json( $url );
			if ( is_wp_error( $body ) ) {
				return $body;
			}
			foreach ( ( is_array( $body['data'] ?? null ) ? $body['data'] : array() ) as $project ) {
				$ref = is_array( $project ) ? ( $project['external_ref'] ?? null ) : null;
				if ( is_array( $ref ) && 'woocommerce' === ( $ref['source'] ?? '' ) && (string) ( $ref['order_id'] ?? '' ) === $order_id && isset( $ref['line_item_id'] ) ) {
					$found[ (string) $ref['line_item_id'] ] = $project;
				}
			}
			$next = $body['links']['next'] ?? null;
			// Follow the next page only on the configured Folio: the key goes nowhere else.
			$url = is_string( $next ) && str_starts_with( $next, $s['folio_url'] . '/' ) ? $next : null;
		}
		return $found;
	}

	/**
	 * The link of a project's newest print file whose job completed, or null.
	 *
	 * @param string $project_id The Folio project id.
	 * @return string|null|WP_Error
	 */
	public static function print_file_url( string $project_id ) {
		$s    = Folio_Personalize_Settings::get();
		$body = self::get_json( $s['folio_url'] . '/v1/projects/' . rawurlencode( $project_id ) . '/files' );
		if ( is_wp_error( $body ) ) {
			return $body;
		}
		$url = null;
		foreach ( ( is_array( $body['data'] ?? null ) ? $body['data'] : array() ) as $file ) {
			if ( is_array( $file ) && 'print' === ( $file['kind'] ?? '' ) && 'completed' === ( $file['status'] ?? '' ) && is_string( $file['url'] ?? null ) ) {
				$url = $file['url'];
			}
		}
		return $url;
	}

	/**
	 * The Authorization header: an API key as Bearer, the store key (sid:secret) as Basic.
	 *
	 * @param string $secret The saved secret.
	 */
	public static function authorization( string $secret ): string {
		return str_contains( $secret, ':' ) ? 'Basic ' . base64_encode( $secret ) : 'Bearer ' . $secret; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- HTTP Basic auth.
	}

	/**
	 * GET with the secret key; the decoded JSON body, or a WP_Error saying what went wrong.
	 *
	 * @param string $url The address.
	 * @return array<string, mixed>|WP_Error
	 */
	private static function get_json( string $url ) {
		$s   = Folio_Personalize_Settings::get();
		$res = wp_remote_get(
			$url,
			array(
				'timeout'     => 10,
				'redirection' => 0,
				'headers'     => array(
					'Authorization' => self::authorization( $s['secret_key'] ),
					'Accept'        => 'application/json',
				),
			)
		);
		if ( is_wp_error( $res ) ) {
			/* translators: %s: the error */
			return new WP_Error( 'folio_unreachable', sprintf( __( 'Folio could not be reached: %s', 'folio-personalize' ), $res->get_error_message() ) );
		}
		$code = (int) wp_remote_retrieve_response_code( $res );
		$body = json_decode( (string) wp_remote_retrieve_body( $res ), true );
		if ( $code < 200 || $code >= 300 ) {
			$message = is_array( $body ) && is_string( $body['error']['message'] ?? null ) ? $body['error']['message'] : (string) wp_remote_retrieve_response_message( $res );
			/* translators: 1: HTTP status, 2: Folio's message */
			return new WP_Error( 'folio_http_' . $code, sprintf( __( 'Folio answered %1$d: %2$s', 'folio-personalize' ), $code, $message ) );
		}
		if ( ! is_array( $body ) ) {
			return new WP_Error( 'folio_bad_answer', __( 'Folio answered something that is not JSON.', 'folio-personalize' ) );
		}
		return $body;
	}
}
