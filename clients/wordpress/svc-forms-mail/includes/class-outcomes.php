<?php
/**
 * What became of each form submission, as the service answered it.
 *
 * The service answers a blocked or spam submission with ok true, like a
 * stored one, and the visitor sees the same "Thanks!": without this record
 * the site owner would never learn that visitors were turned away.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * A small table of submission outcomes (the newest 5,000 are kept).
 */
final class Outcomes {

	const KEEP = 5000;

	/** Outcomes, in the order the admin lists them. */
	const KINDS = array( 'delivered', 'no_email', 'spam', 'blocked', 'kept', 'failed' );

	/**
	 * The table's name.
	 */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . 'svcfm_outcomes';
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
  source varchar(50) NOT NULL default '',
  outcome varchar(20) NOT NULL,
  ip varchar(64) NOT NULL default '',
  captcha tinyint(1) NOT NULL default 0,
  reason varchar(30) NOT NULL default '',
  PRIMARY KEY  (id),
  KEY created_at (created_at)
) $charset_collate;";
	}

	/**
	 * The outcome an answer of POST /forms/submit means.
	 *
	 * @param Response $response The answer.
	 */
	public static function of( Response $response ): string {
		if ( $response->retryable() ) {
			return 'kept';
		}
		if ( ! $response->ok() ) {
			return 'failed';
		}
		$b = $response->body;
		if ( ! empty( $b['blocked'] ) ) {
			return 'blocked';
		}
		if ( ! array_key_exists( 'email_sent', $b ) ) {
			return 'spam';
		}
		return empty( $b['email_sent'] ) ? 'no_email' : 'delivered';
	}

	/**
	 * Why the service blocked the submission, when its answer says so (a
	 * `reason` beside `blocked: true`: captcha_rejected, ip_blocked,
	 * rate_limit); '' otherwise, and from a service that does not say.
	 *
	 * @param Response $response The answer.
	 */
	public static function reason( Response $response ): string {
		$b = $response->body;
		if ( empty( $b['blocked'] ) || ! is_string( $b['reason'] ?? null ) ) {
			return '';
		}
		return preg_match( '/^[a-z_]{1,30}$/', $b['reason'] ) ? $b['reason'] : '';
	}

	/**
	 * Notes an outcome.
	 *
	 * @param string               $outcome One of KINDS.
	 * @param string               $source  Which form sent it.
	 * @param array<string, mixed> $payload The POST /forms/submit body.
	 * @param string               $reason  Why it was blocked, as the service said (see reason()).
	 */
	public static function record( string $outcome, string $source, array $payload, string $reason = '' ): void {
		global $wpdb;
		$visitor = is_array( $payload['visitor'] ?? null ) ? $payload['visitor'] : array();
		$ok      = $wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- the plugin's own table.
			self::table(),
			array(
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
				'source'     => mb_substr( $source, 0, 50 ),
				'outcome'    => in_array( $outcome, self::KINDS, true ) ? $outcome : 'failed',
				'ip'         => mb_substr( (string) ( $visitor['ip'] ?? '' ), 0, 64 ),
				'captcha'    => '' !== (string) ( $payload['captcha_token'] ?? '' ) ? 1 : 0,
				'reason'     => mb_substr( $reason, 0, 30 ),
			)
		);
		if ( 'blocked' === $outcome || 'failed' === $outcome ) {
			// A new block or a disabled site: the admin notice asks the service again instead of showing a cached "nothing is blocked".
			Notices::forget();
		}
		if ( $ok && 0 === $wpdb->insert_id % 100 ) {
			$table = self::table();
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE id <= %d", $wpdb->insert_id - self::KEEP ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
		}
	}

	/**
	 * Rows of the last days, newest first.
	 *
	 * @param int $days How many days back.
	 * @return array<int, object>
	 */
	public static function since( int $days ): array {
		global $wpdb;
		$table = self::table();
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT created_at, source, outcome, ip, captcha, reason FROM {$table} WHERE created_at >= %s ORDER BY id DESC LIMIT %d", gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS ), self::KEEP ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
		return is_array( $rows ) ? $rows : array();
	}

	/**
	 * Counts per outcome, and what the blocked ones tell.
	 *
	 * @param int $days How many days back.
	 * @return array{counts: array<string, int>, blocked: array<int, object>, top_ip: string, top_ip_count: int}
	 */
	public static function summary( int $days = 7 ): array {
		$counts  = array_fill_keys( self::KINDS, 0 );
		$blocked = array();
		$by_ip   = array();
		foreach ( self::since( $days ) as $row ) {
			if ( isset( $counts[ $row->outcome ] ) ) {
				++$counts[ $row->outcome ];
			}
			if ( 'blocked' === $row->outcome ) {
				$blocked[]         = $row;
				$by_ip[ $row->ip ] = ( $by_ip[ $row->ip ] ?? 0 ) + 1;
			}
		}
		arsort( $by_ip );
		$top = (string) array_key_first( $by_ip );
		return array(
			'counts'       => $counts,
			'blocked'      => $blocked,
			'top_ip'       => $top,
			'top_ip_count' => '' !== $top ? $by_ip[ $top ] : 0,
		);
	}

	/**
	 * Why the service blocked a submission: the reason its answer gave; for
	 * rows without one (an older service, or recorded before the plugin kept
	 * it) the reasons the spec gives are narrowed by what was sent (a captcha
	 * token, an address) and by the service's list of blocked addresses.
	 *
	 * @param object                          $row       A blocked row.
	 * @param array<int, array<string, mixed>> $ip_blocks GET /blocks/status ip_blocks.
	 */
	public static function why( object $row, array $ip_blocks ): string {
		switch ( (string) ( $row->reason ?? '' ) ) {
			case 'captcha_rejected':
				return __( 'the captcha provider refused the visitor’s token', 'svc-forms-mail' );
			case 'rate_limit':
				return __( 'more than 3 submissions a minute came from this address; it is blocked for an hour', 'svc-forms-mail' );
			case 'ip_blocked':
				foreach ( $ip_blocks as $block ) {
					if ( ! is_array( $block ) || ( $block['ip'] ?? '' ) !== $row->ip ) {
						continue;
					}
					$reason = (string) ( $block['reason'] ?? '' );
					if ( 'rate_limit' === $reason ) {
						return __( 'this address is blocked for an hour after more than 3 submissions a minute', 'svc-forms-mail' );
					}
					/* translators: %s: the service's reason code. */
					return sprintf( __( 'the service blocks this address (%s)', 'svc-forms-mail' ), $reason );
				}
				return __( 'the service blocked this address (the block is no longer listed)', 'svc-forms-mail' );
		}
		foreach ( $ip_blocks as $block ) {
			if ( is_array( $block ) && '' !== (string) $row->ip && ( $block['ip'] ?? '' ) === $row->ip ) {
				$reason = (string) ( $block['reason'] ?? '' );
				if ( 'rate_limit' === $reason || '' === $reason ) {
					return __( 'more than 3 submissions a minute came from this address; it is blocked for an hour', 'svc-forms-mail' );
				}
				/* translators: %s: the service's reason code. */
				return sprintf( __( 'the service blocks this address (%s)', 'svc-forms-mail' ), $reason );
			}
		}
		if ( '' === (string) $row->ip ) {
			return __( 'the captcha provider refused the visitor’s token', 'svc-forms-mail' );
		}
		if ( ! empty( $row->captcha ) ) {
			return __( 'the captcha provider refused the token, or this address sent more than 3 submissions a minute or was blocked', 'svc-forms-mail' );
		}
		return __( 'this address sent more than 3 submissions a minute or was blocked (no block is listed now)', 'svc-forms-mail' );
	}
}
