<?php
/**
 * Settings → Folio: the Folio address, the store's public token (for the editor in the
 * shopper's browser) and a secret API key (for the admin order box's server-side reads).
 *
 * @package FolioPersonalize
 */

defined( 'ABSPATH' ) || exit;

/**
 * The settings page and the one option `folio_personalize_settings` behind it.
 */
final class Folio_Personalize_Settings {

	public const OPTION = 'folio_personalize_settings';
	public const PAGE   = 'folio-personalize';
	public const GROUP  = 'folio_personalize';

	/** Hooks the page and the setting. */
	public static function register(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_init', array( self::class, 'register_setting' ) );
	}

	/**
	 * The saved settings, with defaults.
	 *
	 * @return array{folio_url: string, public_token: string, secret_key: string}
	 */
	public static function get(): array {
		$saved = get_option( self::OPTION, array() );
		$saved = is_array( $saved ) ? $saved : array();
		return array(
			'folio_url'    => isset( $saved['folio_url'] ) ? (string) $saved['folio_url'] : '',
			'public_token' => isset( $saved['public_token'] ) ? (string) $saved['public_token'] : '',
			'secret_key'   => isset( $saved['secret_key'] ) ? (string) $saved['secret_key'] : '',
		);
	}

	/** Whether the editor can open: an address and a public token. */
	public static function editor_ready(): bool {
		$s = self::get();
		return '' !== $s['folio_url'] && '' !== $s['public_token'];
	}

	/** Settings → Folio, for users who may manage options. */
	public static function add_page(): void {
		add_options_page(
			__( 'Folio Personalize', 'folio-personalize' ),
			__( 'Folio', 'folio-personalize' ),
			'manage_options',
			self::PAGE,
			array( self::class, 'render_page' )
		);
	}

	/** The option, with its sanitiser, and the page's fields. */
	public static function register_setting(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'default'           => array(),
				'show_in_rest'      => false,
			)
		);
		add_settings_section( 'folio_personalize_main', __( 'Connection to Folio', 'folio-personalize' ), '__return_false', self::PAGE );
		$fields = array(
			'folio_url'    => __( 'Folio URL', 'folio-personalize' ),
			'public_token' => __( 'Public token', 'folio-personalize' ),
			'secret_key'   => __( 'Secret API key', 'folio-personalize' ),
		);
		foreach ( $fields as $key => $label ) {
			add_settings_field( 'folio_personalize_' . $key, $label, array( self::class, 'render_field' ), self::PAGE, 'folio_personalize_main', array( 'key' => $key, 'label_for' => 'folio_personalize_' . $key ) );
		}
	}

	/**
	 * Cleans what the form sent. The URL must be http(s) with a host (no trailing slash is
	 * kept); tokens and keys are single words of letters, digits, `_`, `-` and `.`. An empty
	 * secret key keeps the saved one: the field never shows it back.
	 *
	 * @param mixed $input What the form posted.
	 * @return array{folio_url: string, public_token: string, secret_key: string}
	 */
	public static function sanitize( $input ): array {
		$old   = self::get();
		$input = is_array( $input ) ? wp_unslash( $input ) : array();
		$out   = $old;

		$url = isset( $input['folio_url'] ) ? trim( (string) $input['folio_url'] ) : '';
		if ( '' === $url ) {
			$out['folio_url'] = '';
		} else {
			$parts = wp_parse_url( $url );
			if ( ! is_array( $parts ) || ! in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) || empty( $parts['host'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) || isset( $parts['user'] ) ) {
				add_settings_error( self::OPTION, 'folio_url', __( 'The Folio URL must be an http or https address, such as https://print.example.com.', 'folio-personalize' ) );
			} else {
				$out['folio_url'] = untrailingslashit( esc_url_raw( $url, array( 'http', 'https' ) ) );
			}
		}

		foreach ( array( 'public_token', 'secret_key' ) as $key ) {
			$value = isset( $input[ $key ] ) ? trim( (string) $input[ $key ] ) : '';
			if ( '' === $value ) {
				if ( 'public_token' === $key ) {
					$out[ $key ] = '';
				}
				continue;
			}
			// One word; the secret may also be the store key as "sid:secret" (sent as Basic auth).
			$pattern = 'secret_key' === $key ? '/^[A-Za-z0-9_.\-]{8,200}(:[A-Za-z0-9_.\-]{8,200})?$/' : '/^[A-Za-z0-9_.\-]{8,200}$/';
			if ( ! preg_match( $pattern, $value ) ) {
				/* translators: %s: the field's name */
				add_settings_error( self::OPTION, $key, sprintf( __( '%s is not valid: paste it exactly as Folio shows it.', 'folio-personalize' ), 'public_token' === $key ? __( 'The public token', 'folio-personalize' ) : __( 'The secret API key', 'folio-personalize' ) ) );
				continue;
			}
			$out[ $key ] = $value;
		}

		if ( ! empty( $input['forget_secret_key'] ) ) {
			$out['secret_key'] = '';
		}
		return $out;
	}

	/**
	 * One field. The secret key is write-only: the field is empty, with a note when one is saved.
	 *
	 * @param array{key: string} $args The field.
	 */
	public static function render_field( array $args ): void {
		$key   = $args['key'];
		$s     = self::get();
		$name  = self::OPTION . '[' . $key . ']';
		$id    = 'folio_personalize_' . $key;
		$value = 'secret_key' === $key ? '' : $s[ $key ];
		$type  = 'folio_url' === $key ? 'url' : ( 'secret_key' === $key ? 'password' : 'text' );
		printf(
			'<input type="%1$s" class="regular-text" id="%2$s" name="%3$s" value="%4$s" autocomplete="off" spellcheck="false" />',
			esc_attr( $type ),
			esc_attr( $id ),
			esc_attr( $name ),
			esc_attr( $value )
		);
		$help = array(
			'folio_url'    => __( 'The address of your Folio service, for example https://print.example.com.', 'folio-personalize' ),
			'public_token' => __( "Your Folio store's public token: the editor uses it in the shopper's browser.", 'folio-personalize' ),
			'secret_key'   => __( 'A Folio secret API key (sk_live_…) with projects:read, or the store key as sid:secret. Used only by this server, to show the print order on the WooCommerce order page. Never sent to browsers.', 'folio-personalize' ),
		);
		echo '<p class="description">' . esc_html( $help[ $key ] ) . '</p>';
		if ( 'secret_key' === $key && '' !== $s['secret_key'] ) {
			/* translators: %s: the key's last four characters */
			echo '<p>' . esc_html( sprintf( __( 'A key ending in %s is saved. Leave the field empty to keep it.', 'folio-personalize' ), substr( $s['secret_key'], -4 ) ) ) . '</p>';
			printf(
				'<label><input type="checkbox" name="%1$s" value="1" /> %2$s</label>',
				esc_attr( self::OPTION . '[forget_secret_key]' ),
				esc_html__( 'Remove the saved key', 'folio-personalize' )
			);
		}
	}

	/** The page: the Settings API form (its nonce and option group come from settings_fields). */
	public static function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'folio-personalize' ), 403 );
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
		echo '<form method="post" action="' . esc_url( admin_url( 'options.php' ) ) . '">';
		settings_fields( self::GROUP );
		do_settings_sections( self::PAGE );
		submit_button();
		echo '</form></div>';
	}
}
