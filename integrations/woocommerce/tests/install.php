<?php
/**
 * Installs a fresh WordPress into the test database (run by bootstrap.php in a child process,
 * as WordPress must be loaded with WP_INSTALLING to install): drops the suite's tables, runs
 * wp_install(), and activates the WooCommerce test double and the plugin, as an administrator
 * would on Plugins → Activate.
 *
 * @package FolioPersonalize
 */

require __DIR__ . '/wp-tests-config.php';
folio_tests_prepare_run_dir();

$folio_host = DB_HOST;
$folio_port = null;
$folio_sock = null;
if ( preg_match( '/^(.*):(\/.*)$/', $folio_host, $m ) ) {
	$folio_host = $m[1];
	$folio_sock = $m[2];
} elseif ( preg_match( '/^(.*):(\d+)$/', $folio_host, $m ) ) {
	$folio_host = $m[1];
	$folio_port = (int) $m[2];
}
mysqli_report( MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT );
$folio_db = new mysqli( $folio_host, DB_USER, DB_PASSWORD, '', $folio_port ?? 3306, $folio_sock );
$folio_db->query( 'CREATE DATABASE IF NOT EXISTS `' . str_replace( '`', '', DB_NAME ) . '` CHARACTER SET utf8mb4' );
$folio_db->select_db( DB_NAME );
$folio_tables = $folio_db->query( "SHOW TABLES LIKE 'wptests\\_%'" )->fetch_all();
foreach ( $folio_tables as $folio_row ) {
	$folio_db->query( 'DROP TABLE `' . $folio_row[0] . '`' );
}
$folio_db->close();

define( 'WP_INSTALLING', true );
require ABSPATH . 'wp-settings.php';
/** No "new site" e-mail: the test machine has no mailer (upgrade.php defines it only when missing). */
function wp_new_blog_notification( $blog_title, $blog_url, $user_id, $password ) {}
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$folio_result = wp_install( 'Folio test shop', 'admin', 'admin@shop.example.test', false, '', 'folio-test-password' );
if ( empty( $folio_result['user_id'] ) ) {
	fwrite( STDERR, "wp_install failed\n" );
	exit( 1 );
}
update_option( 'active_plugins', array( 'folio-personalize/folio-personalize.php', 'woocommerce/woocommerce.php' ) );
echo 'installed WordPress ' . $GLOBALS['wp_version'] . ' into ' . DB_NAME . "\n";
