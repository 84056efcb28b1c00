<?php
/**
 * Plugin Name: WooCommerce (TEST DOUBLE — not WooCommerce)
 * Description: Stands in for WooCommerce in the Folio Personalize test suite only. WooCommerce is not packaged in Debian and cannot be downloaded on the machines that run these tests, so this defines only what the plugin calls, with the signatures and behaviour WooCommerce documents: FeaturesUtil::declare_compatibility, the Store API RouteException, WC_Product / WC_Order / WC_Order_Item_Product meta, wc_get_order, wc_get_product, wc_add_notice, wc_get_page_screen_id, and the before_woocommerce_init action. Never ship it.
 * Version: 0.0.0-test-double
 * License: GPL-2.0-or-later
 *
 * @package FolioPersonalize\Tests
 */

namespace Automattic\WooCommerce\Utilities {

	/**
	 * Double of WooCommerce's FeaturesUtil: records declarations. Like WooCommerce, a
	 * declaration made outside before_woocommerce_init is refused (returns false).
	 */
	class FeaturesUtil {
		/** @var array<int, array{feature: string, plugin: string, positive: bool}> */
		public static array $declarations = array();

		public static function declare_compatibility( string $feature_id, string $plugin_file, bool $positive_compatibility = true ): bool {
			if ( ! doing_action( 'before_woocommerce_init' ) ) {
				return false;
			}
			self::$declarations[] = array(
				'feature'  => $feature_id,
				'plugin'   => plugin_basename( $plugin_file ),
				'positive' => $positive_compatibility,
			);
			return true;
		}
	}
}

namespace Automattic\WooCommerce\StoreApi\Exceptions {

	/** Double of the Store API's RouteException (same constructor): the route answers its status. */
	class RouteException extends \Exception {
		public string $error_code;
		public array $additional_data;

		public function __construct( string $error_code, string $message, int $http_status_code = 500, array $additional_data = array() ) {
			$this->error_code      = $error_code;
			$this->additional_data = $additional_data;
			parent::__construct( $message, $http_status_code );
		}

		public function getErrorCode(): string {
			return $this->error_code;
		}
	}
}

namespace {

	defined( 'ABSPATH' ) || exit;

	/** Double of WC_Data's meta handling (add/get/update/delete meta data), in memory. */
	abstract class Folio_Test_Double_WC_Data {
		protected int $id = 0;
		/** @var array<int, array{key: string, value: mixed}> */
		protected array $meta = array();

		public function get_id(): int {
			return $this->id;
		}

		public function add_meta_data( string $key, $value, bool $unique = false ): void {
			if ( $unique ) {
				$this->delete_meta_data( $key );
			}
			$this->meta[] = array( 'key' => $key, 'value' => $value );
		}

		public function update_meta_data( string $key, $value ): void {
			$this->delete_meta_data( $key );
			$this->add_meta_data( $key, $value );
		}

		public function delete_meta_data( string $key ): void {
			$this->meta = array_values( array_filter( $this->meta, static fn( $m ) => $m['key'] !== $key ) );
		}

		/** Like WC_Data::get_meta: the first value (or '') when $single, else all of them. */
		public function get_meta( string $key = '', bool $single = true, string $context = 'view' ) {
			$values = array_values( array_map( static fn( $m ) => $m['value'], array_filter( $this->meta, static fn( $m ) => $m['key'] === $key ) ) );
			return $single ? ( $values[0] ?? '' ) : $values;
		}

		public function get_meta_data(): array {
			return $this->meta;
		}
	}

	/** Double of WC_Product: id, meta, save(). */
	class WC_Product extends Folio_Test_Double_WC_Data {
		/** @var array<int, WC_Product> saved products */
		public static array $saved = array();

		public function __construct( int $id = 0 ) {
			$this->id = $id;
		}

		public function save(): int {
			self::$saved[ $this->id ] = clone $this;
			return $this->id;
		}
	}

	/** Double of WC_Order_Item_Product: id, name, meta. */
	class WC_Order_Item_Product extends Folio_Test_Double_WC_Data {
		protected string $name;

		public function __construct( int $id = 0, string $name = '' ) {
			$this->id   = $id;
			$this->name = $name;
		}

		public function get_name(): string {
			return $this->name;
		}
	}

	/** Double of WC_Order: id and line items; saved ones are what wc_get_order() finds. */
	class WC_Order extends Folio_Test_Double_WC_Data {
		/** @var array<int, WC_Order> */
		public static array $saved = array();
		/** @var array<int, WC_Order_Item_Product> */
		protected array $items = array();

		public function __construct( int $id = 0 ) {
			$this->id = $id;
		}

		public function add_item( WC_Order_Item_Product $item ): void {
			$this->items[ $item->get_id() ] = $item;
		}

		/** @return array<int, WC_Order_Item_Product> */
		public function get_items( $types = 'line_item' ): array {
			return $this->items;
		}

		public function save(): int {
			self::$saved[ $this->id ] = $this;
			return $this->id;
		}
	}

	/** wc_get_order: the saved order, or false (as WooCommerce answers an unknown id). */
	function wc_get_order( $the_order = false ) {
		$id = $the_order instanceof WC_Order ? $the_order->get_id() : (int) $the_order;
		return WC_Order::$saved[ $id ] ?? false;
	}

	/** wc_get_product: the saved product, or null. */
	function wc_get_product( $the_product = false ) {
		return WC_Product::$saved[ (int) $the_product ] ?? null;
	}

	/** wc_add_notice: recorded for the tests to read. */
	function wc_add_notice( string $message, string $notice_type = 'success', array $data = array() ): void {
		$GLOBALS['folio_test_double_notices'][] = array( 'notice' => $message, 'type' => $notice_type );
	}

	/**
	 * wc_get_page_screen_id('shop-order'): as WooCommerce answers it, 'woocommerce_page_wc-orders'
	 * when orders are kept in the HPOS tables, else 'shop_order'.
	 */
	function wc_get_page_screen_id( string $for ): string {
		if ( 'shop-order' !== $for ) {
			return 'woocommerce_page_wc-' . $for;
		}
		return 'yes' === get_option( 'woocommerce_custom_orders_table_enabled' ) ? 'woocommerce_page_wc-orders' : 'shop_order';
	}

	// WooCommerce's installer (WC_Install::create_roles) gives administrators its capabilities.
	add_action(
		'init',
		static function (): void {
			$admin = get_role( 'administrator' );
			foreach ( array( 'manage_woocommerce', 'edit_products', 'edit_others_products', 'edit_published_products', 'edit_shop_orders', 'edit_others_shop_orders' ) as $cap ) {
				if ( $admin && ! $admin->has_cap( $cap ) ) {
					$admin->add_cap( $cap );
				}
			}
		},
		1
	);

	// WooCommerce registers products with capability_type 'product' and map_meta_cap, so
	// edit_product on one product maps to edit_products / edit_others_products / …
	add_action(
		'init',
		static function (): void {
			register_post_type( 'product', array( 'public' => true, 'capability_type' => 'product', 'map_meta_cap' => true ) );
		},
		5
	);

	// WooCommerce fires before_woocommerce_init from WooCommerce::init(), hooked on init at priority 0.
	add_action(
		'init',
		static function (): void {
			do_action( 'before_woocommerce_init' );
			do_action( 'woocommerce_init' );
		},
		0
	);
}
