<?php
/**
 * The product side: the "Folio product id" field in the product editor (product meta
 * `_folio_product_id`) and the "Personalize" button on the product page.
 *
 * @package FolioPersonalize
 */

defined( 'ABSPATH' ) || exit;

/**
 * Product field and product-page button.
 */
final class Folio_Personalize_Product {

	public const META  = '_folio_product_id';
	public const NONCE = 'folio_personalize_product_nonce';

	/** Hooks the field, its saving and the button. */
	public static function register(): void {
		add_action( 'woocommerce_product_options_general_product_data', array( self::class, 'render_field' ) );
		add_action( 'woocommerce_admin_process_product_object', array( self::class, 'save_field' ) );
		add_action( 'woocommerce_before_add_to_cart_button', array( self::class, 'render_button' ) );
		add_action( 'wp_enqueue_scripts', array( self::class, 'register_script' ) );
	}

	/** Whether a value looks like a Folio product id (letters, digits, `-`, `_`; up to 100). */
	public static function valid_id( string $id ): bool {
		return 1 === preg_match( '/^[A-Za-z0-9_-]{1,100}$/', $id );
	}

	/** The field in Product data → General. */
	public static function render_field(): void {
		global $product_object;
		$value = $product_object instanceof WC_Product ? (string) $product_object->get_meta( self::META ) : '';
		echo '<div class="options_group folio-personalize">';
		wp_nonce_field( 'folio_personalize_save_product', self::NONCE );
		printf(
			'<p class="form-field"><label for="folio_product_id">%1$s</label><input type="text" class="short" id="folio_product_id" name="folio_product_id" value="%2$s" /> <span class="description">%3$s</span></p>',
			esc_html__( 'Folio product id', 'folio-personalize' ),
			esc_attr( $value ),
			esc_html__( 'The product in Folio that shoppers personalise. Empty: no Personalize button.', 'folio-personalize' )
		);
		echo '</div>';
	}

	/**
	 * Saves the field when the product form is saved (WooCommerce passes the product object
	 * before it saves it). Needs the field's nonce and the right to edit this product.
	 *
	 * @param WC_Product $product The product being saved.
	 */
	public static function save_field( $product ): void {
		if ( ! isset( $_POST[ self::NONCE ], $_POST['folio_product_id'] ) ) {
			return;
		}
		if ( ! wp_verify_nonce( sanitize_text_field( wp_unslash( $_POST[ self::NONCE ] ) ), 'folio_personalize_save_product' ) ) {
			return;
		}
		if ( ! current_user_can( 'edit_product', $product->get_id() ) ) {
			return;
		}
		$id = trim( sanitize_text_field( wp_unslash( $_POST['folio_product_id'] ) ) );
		if ( '' === $id ) {
			$product->delete_meta_data( self::META );
		} elseif ( self::valid_id( $id ) ) {
			$product->update_meta_data( self::META, $id );
		} elseif ( class_exists( 'WC_Admin_Meta_Boxes' ) ) {
			WC_Admin_Meta_Boxes::add_error( __( 'The Folio product id may hold only letters, digits, - and _.', 'folio-personalize' ) );
		}
	}

	/** Registers the front-end script (enqueued only where a button is shown). */
	public static function register_script(): void {
		wp_register_script( 'folio-personalize', plugins_url( 'assets/personalize.js', FOLIO_PERSONALIZE_FILE ), array(), FOLIO_PERSONALIZE_VERSION, true );
	}

	/** The editor's language for this site: one Folio has (en, fr, he), else English. */
	public static function editor_locale(): string {
		$lang = strtolower( substr( determine_locale(), 0, 2 ) );
		return in_array( $lang, array( 'en', 'fr', 'he' ), true ) ? $lang : 'en';
	}

	/**
	 * The button, the hidden inputs the cart reads, and the dialog holding the editor, inside
	 * the add-to-cart form. Shown for a product with a Folio product id once Folio is set up.
	 */
	public static function render_button(): void {
		global $product;
		if ( ! $product instanceof WC_Product || ! Folio_Personalize_Settings::editor_ready() ) {
			return;
		}
		$folio_product = (string) $product->get_meta( self::META );
		if ( '' === $folio_product || ! self::valid_id( $folio_product ) ) {
			return;
		}
		$s = Folio_Personalize_Settings::get();
		if ( ! wp_script_is( 'folio-personalize', 'registered' ) ) {
			self::register_script();
		}
		wp_enqueue_script( 'folio-personalize' );

		printf(
			'<div class="folio-personalize" data-folio-url="%1$s" data-folio-token="%2$s" data-folio-product="%3$s" data-folio-locale="%4$s">',
			esc_attr( $s['folio_url'] ),
			esc_attr( $s['public_token'] ),
			esc_attr( $folio_product ),
			esc_attr( self::editor_locale() )
		);
		printf( '<button type="button" class="button alt folio-personalize__open">%s</button>', esc_html__( 'Personalize', 'folio-personalize' ) );
		printf( '<span class="folio-personalize__status" role="status" aria-live="polite" data-saved-text="%s"></span>', esc_attr__( 'Your design is saved and goes with this item.', 'folio-personalize' ) );
		echo '<input type="hidden" name="folio_design_id" value="" />';
		echo '<input type="hidden" name="folio_preview_url" value="" />';
		printf(
			'<dialog class="folio-personalize__dialog" aria-label="%1$s" style="width:min(1200px,96vw);height:min(900px,92vh);padding:0"><p style="text-align:end;margin:0"><button type="button" class="button folio-personalize__close">%2$s</button></p><iframe title="%1$s" style="width:100%%;height:calc(100%% - 3em);border:0" allow="clipboard-write"></iframe></dialog>',
			esc_attr__( 'Personalize this product', 'folio-personalize' ),
			esc_html__( 'Close', 'folio-personalize' )
		);
		echo '</div>';
	}
}
