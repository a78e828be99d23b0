<?php
/**
 * Uninstall: removes the plugin's options, transients, cron job and tables.
 *
 * @package SvcFormsMail
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

global $wpdb;

foreach ( array( 'svcfm_settings', 'svcfm_connection', 'svcfm_db_version', 'svcfm_form_cache_gen', 'svcfm_captcha_copy', 'svcfm_known_forms' ) as $svcfm_option ) {
	delete_option( $svcfm_option );
}
foreach ( array( 'svcfm_captcha', 'svcfm_block_status', 'svcfm_queue_lock' ) as $svcfm_transient ) {
	delete_transient( $svcfm_transient );
}
// Cached forms and per-user messages.
$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_svcfm\\_%' OR option_name LIKE '\\_transient\\_timeout\\_svcfm\\_%'" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- uninstall.
wp_clear_scheduled_hook( 'svcfm_retry_queue' );
$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}svcfm_mail_log" ); // phpcs:ignore WordPress.DB -- uninstall.
$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}svcfm_queue" ); // phpcs:ignore WordPress.DB -- uninstall.
$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}svcfm_outcomes" ); // phpcs:ignore WordPress.DB -- uninstall.
