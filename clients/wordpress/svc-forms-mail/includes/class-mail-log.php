<?php
/**
 * The mail log: one row per wp_mail() the plugin handled.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * A small table of recent sends (the newest 500 are kept).
 */
final class Mail_Log {

	const KEEP = 500;

	/**
	 * The table's name.
	 */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . 'svcfm_mail_log';
	}

	/**
	 * CREATE TABLE for dbDelta.
	 *
	 * @param string $charset_collate The database's charset clause.
	 */
	public static function schema( string $charset_collate ): string {
		return 'CREATE TABLE ' . self::table() . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  created_at datetime NOT NULL,
  status varchar(20) NOT NULL,
  to_addr text NOT NULL,
  subject text NOT NULL,
  source varchar(120) NOT NULL default '',
  message_id varchar(255) NOT NULL default '',
  error text NOT NULL,
  PRIMARY KEY  (id),
  KEY created_at (created_at)
) $charset_collate;";
	}

	/**
	 * Adds a row.
	 *
	 * @param string $status     sent, held, failed, fallback, fallback_failed or queued.
	 * @param mixed  $to         wp_mail()'s to.
	 * @param string $subject    Subject.
	 * @param string $source     source_plugin.
	 * @param string $message_id Message-ID from the service.
	 * @param string $error      What went wrong.
	 * @return int The row's id (0 when it could not be written).
	 */
	public static function add( string $status, $to, string $subject, string $source = '', string $message_id = '', string $error = '' ): int {
		global $wpdb;
		$to_text = is_array( $to ) ? implode( ', ', array_map( 'strval', $to ) ) : (string) $to;
		$ok      = $wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- the plugin's own table.
			self::table(),
			array(
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
				'status'     => $status,
				'to_addr'    => mb_substr( $to_text, 0, 2000 ),
				'subject'    => mb_substr( $subject, 0, 500 ),
				'source'     => mb_substr( $source, 0, 120 ),
				'message_id' => mb_substr( $message_id, 0, 255 ),
				'error'      => mb_substr( $error, 0, 2000 ),
			)
		);
		if ( $ok && 0 === $wpdb->insert_id % 50 ) {
			$table = self::table();
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE id <= %d", $wpdb->insert_id - self::KEEP ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
		}
		return $ok ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * Removes a row (a "queued" row whose mail could not be kept after all).
	 *
	 * @param int $id Row id.
	 */
	public static function delete( int $id ): void {
		global $wpdb;
		if ( $id > 0 ) {
			$wpdb->delete( self::table(), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		}
	}

	/**
	 * Changes a row's status and error (WordPress's own send failed too; a kept mail sent or refused later).
	 *
	 * @param int    $id     Row id.
	 * @param string $status New status.
	 * @param string $error  What went wrong.
	 */
	public static function update( int $id, string $status, string $error ): void {
		global $wpdb;
		if ( $id > 0 ) {
			$wpdb->update( self::table(), array( 'status' => $status, 'error' => mb_substr( $error, 0, 2000 ) ), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		}
	}

	/**
	 * The newest rows.
	 *
	 * @param int    $limit  How many.
	 * @param string $status Only this status ('' = all).
	 * @return array<int, object>
	 */
	public static function recent( int $limit = 100, string $status = '' ): array {
		global $wpdb;
		$table = self::table();
		if ( '' !== $status ) {
			return (array) $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = %s ORDER BY id DESC LIMIT %d", $status, $limit ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
		}
		return (array) $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} ORDER BY id DESC LIMIT %d", $limit ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
	}
}
