<?php
/**
 * PHPUnit bootstrap: installs a fresh WordPress (install.php, in a child process) and then
 * loads it here the way a page request does, with the plugin and the WooCommerce test double
 * active. The tests then run against real WordPress: its hooks, options, users, nonces,
 * capabilities, REST request objects and HTTP API.
 *
 * @package FolioPersonalize
 */

require __DIR__ . '/wp-tests-config.php';

$folio_install = array();
exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __DIR__ . '/install.php' ) . ' 2>&1', $folio_install, $folio_status );
if ( 0 !== $folio_status ) {
	fwrite( STDERR, "Installing WordPress for the tests failed:\n" . implode( "\n", $folio_install ) . "\n" );
	exit( 1 );
}
fwrite( STDERR, end( $folio_install ) . "\n" );

require ABSPATH . 'wp-settings.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
require_once __DIR__ . '/class-folio-test-case.php';
