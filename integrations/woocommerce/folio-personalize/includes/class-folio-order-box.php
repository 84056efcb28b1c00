<?php
/**
 * The "Folio" box on the admin order page: per personalised line, the design's preview, the
 * Folio print order's state and its print file link, read server-side from Folio's API.
 *
 * @package FolioPersonalize
 */

defined( 'ABSPATH' ) || exit;

/**
 * Admin order meta box, on both order screens (posts-based and HPOS).
 */
final class Folio_Personalize_Order_Box {

	public const ID = 'folio-personalize';

	/** Hooks the box. */
	public static function register(): void {
		add_action( 'add_meta_boxes', array( self::class, 'add' ) );
	}

	/**
	 * The order edit screens: `shop_order` (orders stored as posts) and WooCommerce's own
	 * order screen when orders are in the HPOS tables (`woocommerce_page_wc-orders`).
	 *
	 * @return string[]
	 */
	public static function screens(): array {
		$screens = array( 'shop_order' );
		if ( function_exists( 'wc_get_page_screen_id' ) ) {
			$screens[] = wc_get_page_screen_id( 'shop-order' );
		}
		return array_values( array_unique( $screens ) );
	}

	/** Adds the box for users who may edit shop orders. */
	public static function add(): void {
		if ( ! current_user_can( 'edit_shop_orders' ) ) {
			return;
		}
		foreach ( self::screens() as $screen ) {
			add_meta_box( self::ID, __( 'Folio', 'folio-personalize' ), array( self::class, 'render' ), $screen, 'normal', 'default' );
		}
	}

	/**
	 * The box. On the posts-based screen WordPress passes the post, on the HPOS screen
	 * WooCommerce passes the order: both are read through wc_get_order().
	 *
	 * @param WP_Post|WC_Order $post_or_order The order being edited.
	 */
	public static function render( $post_or_order ): void {
		if ( ! current_user_can( 'edit_shop_orders' ) ) {
			return;
		}
		$order = $post_or_order instanceof WC_Order ? $post_or_order : wc_get_order( $post_or_order instanceof WP_Post ? $post_or_order->ID : $post_or_order );
		if ( ! $order instanceof WC_Order ) {
			return;
		}
		$lines = array();
		foreach ( $order->get_items() as $item ) {
			$design = Folio_Personalize_Cart::design_id( $item->get_meta( Folio_Personalize_Cart::META_DESIGN ) );
			if ( null !== $design ) {
				$lines[] = array( $item, $design );
			}
		}
		if ( array() === $lines ) {
			echo '<p>' . esc_html__( 'No personalised items in this order.', 'folio-personalize' ) . '</p>';
			return;
		}

		$projects = Folio_Personalize_Api::projects_for_order( (string) $order->get_id() );
		if ( is_wp_error( $projects ) ) {
			echo '<div class="notice notice-warning inline"><p>' . esc_html( $projects->get_error_message() ) . '</p></div>';
			$projects = array();
		}

		echo '<table class="widefat striped folio-personalize-lines"><thead><tr>';
		foreach ( array( __( 'Item', 'folio-personalize' ), __( 'Preview', 'folio-personalize' ), __( 'Print order', 'folio-personalize' ), __( 'Print file', 'folio-personalize' ) ) as $heading ) {
			echo '<th scope="col">' . esc_html( $heading ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $lines as [ $item, $design ] ) {
			$project = $projects[ (string) $item->get_id() ] ?? null;
			echo '<tr>';
			echo '<td>' . esc_html( $item->get_name() ) . '<br /><code>' . esc_html( $design ) . '</code></td>';
			echo '<td>' . self::preview_cell( $item ) . '</td>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
			echo '<td>' . self::state_cell( $project ) . '</td>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
			echo '<td>' . self::file_cell( $project ) . '</td>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
			echo '</tr>';
		}
		echo '</tbody></table>';
	}

	/** The line's preview image (from the cart), or a dash. */
	private static function preview_cell( $item ): string {
		$preview = Folio_Personalize_Cart::preview_url( $item->get_meta( Folio_Personalize_Cart::META_PREVIEW ) );
		if ( '' === $preview ) {
			return '&mdash;';
		}
		return sprintf( '<a href="%1$s" target="_blank" rel="noopener noreferrer"><img src="%1$s" alt="%2$s" width="96" /></a>', esc_url( $preview ), esc_attr__( 'Design preview', 'folio-personalize' ) );
	}

	/** The Folio project's state and code, or why there is none yet. */
	private static function state_cell( ?array $project ): string {
		if ( null === $project ) {
			return esc_html__( 'Not in Folio yet: Folio makes the print order when the order is paid (processing).', 'folio-personalize' );
		}
		$labels = array(
			'draft'         => __( 'Draft', 'folio-personalize' ),
			'received'      => __( 'Received', 'folio-personalize' ),
			'proof_pending' => __( 'Waiting for proof approval', 'folio-personalize' ),
			'approved'      => __( 'Approved', 'folio-personalize' ),
			'in_production' => __( 'In production', 'folio-personalize' ),
			'printed'       => __( 'Printed', 'folio-personalize' ),
			'shipped'       => __( 'Shipped', 'folio-personalize' ),
			'cancelled'     => __( 'Cancelled', 'folio-personalize' ),
			'on_hold'       => __( 'On hold', 'folio-personalize' ),
		);
		$state = (string) ( $project['state'] ?? '' );
		$out   = '<strong>' . esc_html( $labels[ $state ] ?? $state ) . '</strong>';
		if ( isset( $project['code'] ) && is_string( $project['code'] ) ) {
			$out .= '<br /><code>' . esc_html( $project['code'] ) . '</code>';
		}
		return $out;
	}

	/** The print file's link once Folio has made it. */
	private static function file_cell( ?array $project ): string {
		if ( null === $project || ! is_string( $project['id'] ?? null ) ) {
			return '&mdash;';
		}
		$url = Folio_Personalize_Api::print_file_url( $project['id'] );
		if ( is_wp_error( $url ) ) {
			return esc_html( $url->get_error_message() );
		}
		if ( null === $url ) {
			return esc_html__( 'Not made yet', 'folio-personalize' );
		}
		return sprintf( '<a href="%1$s" target="_blank" rel="noopener noreferrer">%2$s</a>', esc_url( $url ), esc_html__( 'Download the print file (PDF)', 'folio-personalize' ) );
	}
}
