<?php
/**
 * The design on its way from the product page to the order: cart item data for the classic
 * cart, the Store API's add-to-cart data for the block-based cart, and order item meta
 * `_folio_design_id` (and `_folio_preview_url`), which Folio reads from the order webhook's
 * line_items[].meta_data.
 *
 * @package FolioPersonalize
 */

defined( 'ABSPATH' ) || exit;

/**
 * Cart and checkout hooks.
 */
final class Folio_Personalize_Cart {

	/** Cart item data keys. */
	public const DESIGN  = 'folio_design_id';
	public const PREVIEW = 'folio_preview_url';

	/** Order item meta keys (the contract with Folio's intake). */
	public const META_DESIGN  = '_folio_design_id';
	public const META_PREVIEW = '_folio_preview_url';

	/** The Store API extension namespace a block-based add to cart sends the design under. */
	public const STORE_API_NAMESPACE = 'folio-personalize';

	/** Hooks the cart and checkout. */
	public static function register(): void {
		add_filter( 'woocommerce_add_to_cart_validation', array( self::class, 'validate_add_to_cart' ), 10, 3 );
		add_filter( 'woocommerce_add_cart_item_data', array( self::class, 'add_cart_item_data' ), 10, 3 );
		add_filter( 'woocommerce_get_item_data', array( self::class, 'get_item_data' ), 10, 2 );
		add_filter( 'woocommerce_store_api_add_to_cart_data', array( self::class, 'store_api_add_to_cart_data' ), 10, 2 );
		add_action( 'woocommerce_checkout_create_order_line_item', array( self::class, 'create_order_line_item' ), 10, 4 );
	}

	/** A design id is a UUID; the canonical form is lower case. */
	public static function design_id( $value ): ?string {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$value = strtolower( trim( $value ) );
		return 1 === preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/', $value ) ? $value : null;
	}

	/** A preview link: http(s) only, else empty. */
	public static function preview_url( $value ): string {
		if ( ! is_string( $value ) || '' === trim( $value ) ) {
			return '';
		}
		$url = esc_url_raw( trim( $value ), array( 'http', 'https' ) );
		return strlen( $url ) <= 2048 ? $url : '';
	}

	/**
	 * What the add-to-cart form posted (the button's hidden inputs): [design id, preview] or
	 * null when nothing was sent; a design id that is not a UUID is [false, ''].
	 *
	 * @return array{0: string|false, 1: string}|null
	 */
	private static function posted(): ?array {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- the add-to-cart form is public and WooCommerce sends it without a nonce; the value is validated as a UUID.
		if ( ! isset( $_POST[ self::DESIGN ] ) || '' === $_POST[ self::DESIGN ] ) {
			return null;
		}
		$id      = self::design_id( sanitize_text_field( wp_unslash( $_POST[ self::DESIGN ] ) ) );
		$preview = isset( $_POST[ self::PREVIEW ] ) ? self::preview_url( sanitize_text_field( wp_unslash( $_POST[ self::PREVIEW ] ) ) ) : '';
		// phpcs:enable
		return array( $id ?? false, $preview );
	}

	/**
	 * Refuses an add to cart whose design id is not a UUID (a forged or broken form), with a
	 * notice saying why, rather than putting an item without its design in the cart.
	 *
	 * @param bool $passed     Whether the add passed so far.
	 * @param int  $product_id The product.
	 * @param int  $quantity   The quantity.
	 */
	public static function validate_add_to_cart( $passed, $product_id = 0, $quantity = 0 ): bool {
		$posted = self::posted();
		if ( null !== $posted && false === $posted[0] ) {
			wc_add_notice( __( 'Your personalised design could not be added: please open Personalize and save it again.', 'folio-personalize' ), 'error' );
			return false;
		}
		return (bool) $passed;
	}

	/**
	 * The design id (and preview) from the classic add-to-cart form into the cart item. Only a
	 * valid UUID is kept; two items with different designs stay two cart lines.
	 *
	 * @param array $cart_item_data The item's data so far.
	 * @param int   $product_id     The product.
	 * @param int   $variation_id   The variation.
	 */
	public static function add_cart_item_data( $cart_item_data, $product_id = 0, $variation_id = 0 ): array {
		$cart_item_data = is_array( $cart_item_data ) ? $cart_item_data : array();
		$posted         = self::posted();
		if ( null === $posted || false === $posted[0] ) {
			return $cart_item_data;
		}
		$cart_item_data[ self::DESIGN ] = $posted[0];
		if ( '' !== $posted[1] ) {
			$cart_item_data[ self::PREVIEW ] = $posted[1];
		}
		return $cart_item_data;
	}

	/**
	 * The block-based cart (Store API POST /wc/store/v1/cart/add-item): the design comes in the
	 * request's `extensions["folio-personalize"]` {design_id, preview_url} (or a top-level
	 * `folio_design_id`). A design id that is not a UUID is refused with a 400.
	 *
	 * @param array           $add_to_cart_data {id, quantity, variation, cart_item_data}.
	 * @param WP_REST_Request $request          The Store API request.
	 * @throws \Automattic\WooCommerce\StoreApi\Exceptions\RouteException When the id is not a UUID.
	 */
	public static function store_api_add_to_cart_data( $add_to_cart_data, $request ): array {
		$add_to_cart_data = is_array( $add_to_cart_data ) ? $add_to_cart_data : array();
		$ext              = $request instanceof WP_REST_Request ? $request->get_param( 'extensions' ) : null;
		$ours             = is_array( $ext ) && is_array( $ext[ self::STORE_API_NAMESPACE ] ?? null ) ? $ext[ self::STORE_API_NAMESPACE ] : array();
		$raw              = $ours['design_id'] ?? ( $request instanceof WP_REST_Request ? $request->get_param( self::DESIGN ) : null );
		if ( null === $raw || '' === $raw ) {
			return $add_to_cart_data;
		}
		$id = self::design_id( $raw );
		if ( null === $id ) {
			throw new \Automattic\WooCommerce\StoreApi\Exceptions\RouteException( 'folio_personalize_invalid_design', __( 'The personalised design id is not valid.', 'folio-personalize' ), 400 );
		}
		$data                 = is_array( $add_to_cart_data['cart_item_data'] ?? null ) ? $add_to_cart_data['cart_item_data'] : array();
		$data[ self::DESIGN ] = $id;
		$preview              = self::preview_url( $ours['preview_url'] ?? ( $request instanceof WP_REST_Request ? $request->get_param( self::PREVIEW ) : '' ) );
		if ( '' !== $preview ) {
			$data[ self::PREVIEW ] = $preview;
		}
		$add_to_cart_data['cart_item_data'] = $data;
		return $add_to_cart_data;
	}

	/**
	 * What the cart, mini cart and checkout show under a personalised item. WooCommerce escapes
	 * `key` and passes `display` through wp_kses_post; both are escaped here as well.
	 *
	 * @param array $item_data Lines shown so far.
	 * @param array $cart_item The cart item.
	 */
	public static function get_item_data( $item_data, $cart_item ): array {
		$item_data = is_array( $item_data ) ? $item_data : array();
		$id        = is_array( $cart_item ) ? self::design_id( $cart_item[ self::DESIGN ] ?? null ) : null;
		if ( null === $id ) {
			return $item_data;
		}
		$preview = self::preview_url( $cart_item[ self::PREVIEW ] ?? '' );
		$text    = esc_html__( 'Yes', 'folio-personalize' );
		$display = '' === $preview ? $text : sprintf( '<img src="%1$s" alt="%2$s" width="64" style="vertical-align:middle" /> %3$s', esc_url( $preview ), esc_attr__( 'Your design', 'folio-personalize' ), $text );
		$item_data[] = array(
			'key'     => esc_html__( 'Personalised', 'folio-personalize' ),
			'value'   => $id,
			'display' => $display,
		);
		return $item_data;
	}

	/**
	 * Keeps the design on the order line (order item meta, stored wherever WooCommerce keeps
	 * orders: HPOS tables or posts). The classic checkout and the block checkout (Store API)
	 * both create order lines through this hook.
	 *
	 * @param WC_Order_Item_Product $item          The new order line.
	 * @param string                $cart_item_key The cart item key.
	 * @param array                 $values        The cart item.
	 * @param WC_Order              $order         The order.
	 */
	public static function create_order_line_item( $item, $cart_item_key, $values, $order ): void {
		$id = is_array( $values ) ? self::design_id( $values[ self::DESIGN ] ?? null ) : null;
		if ( null === $id ) {
			return;
		}
		$item->add_meta_data( self::META_DESIGN, $id, true );
		$preview = self::preview_url( $values[ self::PREVIEW ] ?? '' );
		if ( '' !== $preview ) {
			$item->add_meta_data( self::META_PREVIEW, $preview, true );
		}
	}
}
