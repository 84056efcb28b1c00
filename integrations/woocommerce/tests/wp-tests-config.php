<?php
/**
 * WordPress configuration for the test suite: Debian's WordPress (/usr/share/wordpress, or
 * FOLIO_WP_CORE_DIR) against a MariaDB/MySQL database named by the environment, with its
 * content and plugin folders in a run directory of its own (FOLIO_WP_RUN_DIR), where the
 * plugin and the WooCommerce test double are linked in as the only two plugins.
 *
 *   FOLIO_WP_DB_HOST      host[:port] or localhost:/path/to/socket (default 127.0.0.1:3306)
 *   FOLIO_WP_DB_NAME      database, created when missing, its tables replaced (default folio_wp_test)
 *   FOLIO_WP_DB_USER      default root
 *   FOLIO_WP_DB_PASSWORD  default empty
 *
 * @package FolioPersonalize
 */

$folio_env = static function ( string $name, string $default ): string {
	$value = getenv( $name );
	return false === $value || '' === $value ? $default : $value;
};

define( 'FOLIO_TESTS_DIR', __DIR__ );
define( 'FOLIO_PLUGIN_SOURCE', dirname( __DIR__ ) . '/folio-personalize' );
define( 'FOLIO_WP_RUN_DIR', $folio_env( 'FOLIO_WP_RUN_DIR', sys_get_temp_dir() . '/folio-wp-tests' ) );

define( 'ABSPATH', rtrim( $folio_env( 'FOLIO_WP_CORE_DIR', '/usr/share/wordpress' ), '/' ) . '/' );
define( 'DB_HOST', $folio_env( 'FOLIO_WP_DB_HOST', '127.0.0.1:3306' ) );
define( 'DB_NAME', $folio_env( 'FOLIO_WP_DB_NAME', 'folio_wp_test' ) );
define( 'DB_USER', $folio_env( 'FOLIO_WP_DB_USER', 'root' ) );
define( 'DB_PASSWORD', $folio_env( 'FOLIO_WP_DB_PASSWORD', '' ) );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$table_prefix = 'wptests_'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited

define( 'WP_CONTENT_DIR', FOLIO_WP_RUN_DIR . '/wp-content' );
define( 'WP_PLUGIN_DIR', WP_CONTENT_DIR . '/plugins' );
define( 'WPMU_PLUGIN_DIR', WP_CONTENT_DIR . '/mu-plugins' );
define( 'WP_TESTS_DOMAIN', 'shop.example.test' );
// FOLIO_WP_URL: the address the browser test's PHP server answers on (browser/product-page.php).
define( 'WP_HOME', $folio_env( 'FOLIO_WP_URL', 'https://' . WP_TESTS_DOMAIN ) );
define( 'WP_SITEURL', WP_HOME );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'FS_METHOD', 'direct' );

foreach ( array( 'AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE' ) as $folio_salt ) {
	define( $folio_salt . '_KEY', 'folio-tests-' . strtolower( $folio_salt ) . '-key' );
	define( $folio_salt . '_SALT', 'folio-tests-' . strtolower( $folio_salt ) . '-salt' );
}

// Debian's WordPress 6.1 predates PHP 8.2's return-type deprecations in its bundled Requests
// library: those core notices are not the plugin's and are kept off the output. Everything
// else, and any deprecation in the plugin, is reported (and PHPUnit fails on it in a test).
set_error_handler(
	static fn( int $errno, string $errstr, string $errfile ): bool => E_DEPRECATED === $errno && str_starts_with( $errfile, ABSPATH ),
	E_DEPRECATED
);

if ( 'cli' === PHP_SAPI ) {
	$_SERVER['HTTP_HOST']   = WP_TESTS_DOMAIN;
	$_SERVER['SERVER_NAME'] = WP_TESTS_DOMAIN;
	$_SERVER['SERVER_PORT'] = '443';
	$_SERVER['HTTPS']       = 'on';
	$_SERVER['REQUEST_URI'] = '/';
	$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
	$PHP_SELF               = '/index.php'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
	$_SERVER['PHP_SELF']    = '/index.php';
}

/** The run directory: wp-content with the plugin and the WooCommerce double linked into plugins/. */
function folio_tests_prepare_run_dir(): void {
	foreach ( array( WP_PLUGIN_DIR, WPMU_PLUGIN_DIR, WP_CONTENT_DIR . '/uploads' ) as $dir ) {
		if ( ! is_dir( $dir ) && ! mkdir( $dir, 0777, true ) && ! is_dir( $dir ) ) {
			throw new RuntimeException( "cannot create $dir" );
		}
	}
	$links = array(
		'folio-personalize' => FOLIO_PLUGIN_SOURCE,
		'woocommerce'       => FOLIO_TESTS_DIR . '/woocommerce-double',
	);
	foreach ( $links as $name => $target ) {
		$link = WP_PLUGIN_DIR . '/' . $name;
		if ( is_link( $link ) && readlink( $link ) === $target ) {
			continue;
		}
		if ( is_link( $link ) ) {
			unlink( $link );
		}
		if ( ! symlink( $target, $link ) ) {
			throw new RuntimeException( "cannot link $link" );
		}
	}
}
