<?php
/**
 * Wires the plugin into WordPress.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Boot, activation, deactivation, database tables.
 */
final class Plugin {

	const DB_VERSION = '3';

	/**
	 * Registers every part.
	 */
	public static function boot(): void {
		add_action( 'init', array( self::class, 'load_textdomain' ), 1 );
		Mailer::register();
		Account_Mail::register();
		Smtp_Mode::register();
		Queue::register();
		Forms::register();
		Integrations::register();
		Privacy::register();
		if ( is_admin() ) {
			Admin::register();
			Notices::register();
			add_action( 'admin_init', array( self::class, 'maybe_upgrade' ) );
		}
	}

	/**
	 * Loads translations from languages/.
	 */
	public static function load_textdomain(): void {
		load_plugin_textdomain( 'svc-forms-mail', false, dirname( plugin_basename( SVCFM_FILE ) ) . '/languages' );
	}

	/**
	 * Activation: tables, options, the cron job.
	 */
	public static function activate(): void {
		self::install_tables();
		add_option( Settings::OPTION, Settings::defaults(), '', false );
		Queue::ensure_scheduled();
	}

	/**
	 * Deactivation: the cron job stops (kept submissions stay in the table).
	 */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( Queue::CRON_HOOK );
	}

	/**
	 * Creates or updates the plugin's tables.
	 */
	public static function install_tables(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$collate = $wpdb->get_charset_collate();
		dbDelta( Mail_Log::schema( $collate ) );
		dbDelta( Queue::schema( $collate ) );
		dbDelta( Outcomes::schema( $collate ) );
		update_option( 'svcfm_db_version', self::DB_VERSION, false );
	}

	/**
	 * Runs install_tables() after an update, and keeps the cron job scheduled.
	 */
	public static function maybe_upgrade(): void {
		if ( get_option( 'svcfm_db_version' ) !== self::DB_VERSION ) {
			self::install_tables();
		}
		Queue::ensure_scheduled();
	}
}
