<?php
/**
 * Submissions and emails kept while the service cannot be reached, retried by WP-Cron.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * A table of POST /forms/submit bodies (kind "form") and POST /mail/send
 * bodies (kind "mail", with their Idempotency-Key and mail log row) waiting
 * for the service, and the WP-Cron job that sends them with backoff.
 */
final class Queue {

	const CRON_HOOK = 'svcfm_retry_queue';
	const SCHEDULE  = 'svcfm_every_five_minutes';
	const LOCK      = 'svcfm_queue_lock';
	/** Attempts before a submission is given up (marked failed, kept for the admin). */
	const MAX_ATTEMPTS = 25;
	/** Seconds to wait after the Nth failed attempt (the last value repeats). */
	const BACKOFF = array( 60, 300, 900, 1800, 3600, 7200, 21600, 43200 );
	/** The field that carries a kept submission's original time (shown as "sent by the visitor at"). */
	const SENT_AT = 'sent_by_the_visitor_at';

	/**
	 * The table's name.
	 */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . 'svcfm_queue';
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
  kind varchar(10) NOT NULL default 'form',
  payload longtext NOT NULL,
  status varchar(20) NOT NULL default 'pending',
  attempts int(11) unsigned NOT NULL default 0,
  next_attempt_at datetime NOT NULL,
  last_error text NOT NULL,
  PRIMARY KEY  (id),
  KEY status_next (status, next_attempt_at)
) $charset_collate;";
	}

	/**
	 * Registers the cron schedule and job.
	 */
	public static function register(): void {
		add_filter( 'cron_schedules', array( self::class, 'schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval -- five minutes.
		add_action( self::CRON_HOOK, array( self::class, 'run' ) );
	}

	/**
	 * Adds the five-minute schedule.
	 *
	 * @param array<string, array<string, mixed>> $schedules WordPress's schedules.
	 * @return array<string, array<string, mixed>>
	 */
	public static function schedules( $schedules ) {
		$schedules[ self::SCHEDULE ] = array(
			'interval' => 300,
			'display'  => __( 'Every five minutes', 'svc-forms-mail' ),
		);
		return $schedules;
	}

	/**
	 * Makes sure the recurring job exists.
	 */
	public static function ensure_scheduled(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + 60, self::SCHEDULE, self::CRON_HOOK );
		}
	}

	/**
	 * Seconds to wait after a number of failed attempts.
	 *
	 * @param int $attempts Failed attempts so far (1 or more).
	 */
	public static function backoff( int $attempts ): int {
		$i = max( 0, min( $attempts - 1, count( self::BACKOFF ) - 1 ) );
		return self::BACKOFF[ $i ];
	}

	/**
	 * Keeps a submission for a later try.
	 *
	 * @param array<string, mixed> $payload The POST /forms/submit body.
	 * @param string               $source  Which form sent it.
	 * @param string               $error   Why the first try failed.
	 * @return int The row's id (0 when it could not be written).
	 */
	public static function add( array $payload, string $source, string $error ): int {
		return self::keep( (string) wp_json_encode( $payload, JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE ), $source, $error, 'form' );
	}

	/**
	 * Keeps an email the service did not answer for, to be sent again with
	 * the same bytes and Idempotency-Key.
	 *
	 * @param string $body    The POST /mail/send body as sent.
	 * @param string $key     Its Idempotency-Key.
	 * @param string $source  source_plugin.
	 * @param int    $log_row The mail log row that says "waiting".
	 * @param string $error   Why the first try failed.
	 * @return int The row's id (0 when it could not be written).
	 */
	public static function keep_mail( string $body, string $key, string $source, int $log_row, string $error ): int {
		$json = wp_json_encode(
			array(
				'log'  => $log_row,
				'key'  => $key,
				'body' => $body,
			),
			JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE
		);
		return self::keep( (string) $json, $source, $error, 'mail' );
	}

	/**
	 * Writes a row (creating the table when it is missing) and schedules its first retry.
	 *
	 * @param string $json   The row's payload.
	 * @param string $source Which form or plugin sent it.
	 * @param string $error  Why the first try failed.
	 * @param string $kind   form or mail.
	 * @return int The row's id (0 when it could not be written).
	 */
	private static function keep( string $json, string $source, string $error, string $kind ): int {
		$id = self::insert( $json, $source, $error, $kind );
		if ( 0 === $id && is_file( ABSPATH . 'wp-admin/includes/upgrade.php' ) ) {
			// The table may be missing (plugin files copied without activation): create it and try once more.
			Plugin::install_tables();
			$id = self::insert( $json, $source, $error, $kind );
		}
		if ( 0 === $id ) {
			if ( 'form' === $kind ) {
				// Last resort: the web server's error log keeps the submission.
				error_log( 'svc-forms-mail: a form submission could not be kept: ' . $json ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- never lose a submission.
			}
			return 0;
		}
		// A single event at the first retry time, besides the five-minute sweep.
		wp_schedule_single_event( time() + self::backoff( 1 ), self::CRON_HOOK );
		return $id;
	}

	/**
	 * Writes a row.
	 *
	 * @param string $json   The row's payload.
	 * @param string $source Which form sent it.
	 * @param string $error  Why the first try failed.
	 * @param string $kind   form or mail.
	 * @return int The row's id (0 when it could not be written).
	 */
	private static function insert( string $json, string $source, string $error, string $kind ): int {
		global $wpdb;
		$ok = $wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- the plugin's own table.
			self::table(),
			array(
				'created_at'      => gmdate( 'Y-m-d H:i:s' ),
				'source'          => mb_substr( $source, 0, 50 ),
				'kind'            => $kind,
				'payload'         => $json,
				'status'          => 'pending',
				'attempts'        => 1,
				'next_attempt_at' => gmdate( 'Y-m-d H:i:s', time() + self::backoff( 1 ) ),
				'last_error'      => mb_substr( $error, 0, 2000 ),
			)
		);
		return $ok ? (int) $wpdb->insert_id : 0;
	}

	/**
	 * Sends a submission now; keeps it when the service cannot take it now.
	 *
	 * @param array<string, mixed> $payload         The POST /forms/submit body.
	 * @param string               $source          Which form sent it.
	 * @param bool                 $caller_shows_errors Whether the caller shows invalid_payload to the visitor (then it is not kept).
	 * @return Response|null The answer, or null when the submission was kept for later.
	 */
	public static function submit_or_keep( array $payload, string $source, bool $caller_shows_errors = false ): ?Response {
		$response = Settings::client()->submit_form( $payload );
		$shown    = $caller_shows_errors && ! $response->ok() && 'invalid_payload' === $response->code();
		if ( ! $shown ) {
			Outcomes::record( Outcomes::of( $response ), $source, $payload, Outcomes::reason( $response ) );
		}
		if ( $response->retryable() ) {
			self::add( $payload, $source, $response->describe() );
			return null;
		}
		if ( ! $response->ok() && ! $shown ) {
			// A final refusal (bad key, disabled site, no notification address):
			// kept as failed so that the submission is not lost and the admin sees why.
			self::keep_failed( $payload, $source, $response->describe() );
		}
		return $response;
	}

	/**
	 * Keeps a submission the service refused for good, for the admin to see.
	 *
	 * @param array<string, mixed> $payload The POST /forms/submit body.
	 * @param string               $source  Which form sent it.
	 * @param string               $error   The refusal.
	 */
	public static function keep_failed( array $payload, string $source, string $error ): void {
		self::mark( self::add( $payload, $source, $error ), 'failed', 1, $error );
	}

	/**
	 * The cron job: sends due submissions, oldest first.
	 *
	 * @return array{sent: int, waiting: int, failed: int}|null What became of the due rows; null when another run holds the lock or nothing is configured.
	 */
	public static function run(): ?array {
		global $wpdb;
		if ( ! Settings::is_configured() ) {
			return null;
		}
		// One run at a time (cron can start twice on busy sites).
		if ( get_transient( self::LOCK ) ) {
			return null;
		}
		set_transient( self::LOCK, 1, 120 );
		$done = array(
			'sent'    => 0,
			'waiting' => 0,
			'failed'  => 0,
		);
		try {
			$table  = self::table();
			$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE status = 'pending' AND next_attempt_at <= %s ORDER BY id ASC LIMIT 20", gmdate( 'Y-m-d H:i:s' ) ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
			$client = Settings::client();
			foreach ( (array) $rows as $row ) {
				$payload = json_decode( (string) $row->payload, true );
				if ( ! is_array( $payload ) ) {
					self::mark( (int) $row->id, 'failed', (int) $row->attempts, 'unreadable payload' );
					++$done['failed'];
					continue;
				}
				$response = self::send_row( $row, $payload, $client, Client::TIMEOUT );
				$attempts = (int) $row->attempts + 1;
				if ( $response->ok() ) {
					self::delivered( $row, $payload, $response );
					$wpdb->delete( $table, array( 'id' => (int) $row->id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
					++$done['sent'];
					continue;
				}
				if ( $response->retryable() && $attempts < self::MAX_ATTEMPTS ) {
					++$done['waiting'];
					$wpdb->update( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
						$table,
						array(
							'attempts'        => $attempts,
							'next_attempt_at' => gmdate( 'Y-m-d H:i:s', time() + self::backoff( $attempts ) ),
							'last_error'      => mb_substr( $response->describe(), 0, 2000 ),
						),
						array( 'id' => (int) $row->id )
					);
					if ( $response->unreachable() ) {
						break; // The others would time out too.
					}
					continue;
				}
				self::refused( $row, $payload, $response );
				self::mark( (int) $row->id, 'failed', $attempts, $response->describe() );
				++$done['failed'];
			}
		} finally {
			delete_transient( self::LOCK );
		}
		return $done;
	}

	/**
	 * Whether a row holds an email (POST /mail/send) rather than a form submission.
	 *
	 * @param object $row A queue row.
	 */
	public static function is_mail( object $row ): bool {
		return 'mail' === ( $row->kind ?? 'form' );
	}

	/**
	 * Sends one row's body: a submission with its original time, an email
	 * with the same bytes and Idempotency-Key as its first try.
	 *
	 * @param object               $row     A queue row.
	 * @param array<string, mixed> $payload Its decoded payload.
	 * @param Client               $client  The client.
	 * @param int                  $timeout Seconds to wait.
	 */
	private static function send_row( object $row, array $payload, Client $client, int $timeout ): Response {
		if ( ! self::is_mail( $row ) ) {
			return $client->submit_form( self::sendable( $payload, (string) $row->created_at ), $timeout );
		}
		$body = $payload['body'] ?? null;
		$key  = $payload['key'] ?? null;
		if ( ! is_string( $body ) || '' === $body || ! is_string( $key ) || '' === $key ) {
			return new Response( 400, array( 'error' => 'unreadable_kept_mail' ) );
		}
		return $client->send_mail_json( $body, $key, $timeout );
	}

	/**
	 * Notes a row the service took: the submission's outcome, or the email's log row.
	 *
	 * @param object               $row      A queue row.
	 * @param array<string, mixed> $payload  Its decoded payload.
	 * @param Response             $response The service's answer.
	 */
	private static function delivered( object $row, array $payload, Response $response ): void {
		if ( ! self::is_mail( $row ) ) {
			Outcomes::record( Outcomes::of( $response ), (string) $row->source, $payload, Outcomes::reason( $response ) );
			return;
		}
		$held = ! empty( $response->body['held'] );
		Mail_Log::update( (int) ( $payload['log'] ?? 0 ), $held ? 'held' : 'sent', $held ? 'held_as_spam' : '' );
	}

	/**
	 * Notes a row the service refused for good.
	 *
	 * @param object               $row      A queue row.
	 * @param array<string, mixed> $payload  Its decoded payload.
	 * @param Response             $response The service's answer.
	 */
	private static function refused( object $row, array $payload, Response $response ): void {
		if ( self::is_mail( $row ) ) {
			Mail_Log::update( (int) ( $payload['log'] ?? 0 ), 'failed', $response->describe() );
			return;
		}
		Outcomes::record( 'failed', (string) $row->source, $payload );
	}

	/**
	 * A stored body made ready to send again.
	 *
	 * @param array<string, mixed> $payload    The decoded POST /forms/submit body.
	 * @param string               $created_at When the visitor sent it (UTC, the row's created_at).
	 * @return array<string, mixed>
	 */
	private static function sendable( array $payload, string $created_at = '' ): array {
		// The body has no time field and the service stamps the time it gets
		// it: the visitor's own time travels as a field, which the
		// notification shows ("sent by the visitor at").
		$at = '' !== $created_at ? strtotime( $created_at . ' UTC' ) : false;
		if ( false !== $at && is_array( $payload['fields'] ?? null ) && ! isset( $payload['fields'][ self::SENT_AT ] ) ) {
			$payload['fields'][ self::SENT_AT ] = wp_date( 'Y-m-d H:i T', $at ) . ' (' . gmdate( 'Y-m-d H:i:s', $at ) . ' UTC), kept by WordPress until the service could take it';
		}
		// JSON objects come back as PHP arrays: an empty one must stay an object.
		if ( isset( $payload['fields'] ) && array() === $payload['fields'] ) {
			$payload['fields'] = new \stdClass();
		}
		return $payload;
	}

	/**
	 * One row with its body, or null.
	 *
	 * @param int $id Row id.
	 */
	public static function get( int $id ): ?object {
		global $wpdb;
		$table = self::table();
		$row   = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$table} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
		return is_object( $row ) ? $row : null;
	}

	/**
	 * Sends one kept submission now, whatever its status (the admin's
	 * "Send again", for example after a disabled site was enabled).
	 *
	 * @param int $id Row id.
	 * @return Response|null The answer, or null when there is no such row.
	 */
	public static function resend( int $id ): ?Response {
		global $wpdb;
		$row     = self::get( $id );
		$payload = null !== $row ? json_decode( (string) $row->payload, true ) : null;
		if ( null === $row || ! is_array( $payload ) ) {
			return null;
		}
		$response = self::send_row( $row, $payload, Settings::client(), Client::SEND_TIMEOUT );
		$attempts = (int) $row->attempts + 1;
		if ( $response->ok() ) {
			self::delivered( $row, $payload, $response );
			$wpdb->delete( self::table(), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
		} elseif ( $response->retryable() ) {
			// Back to the retry schedule: the service may take it later.
			$wpdb->update( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
				self::table(),
				array(
					'status'          => 'pending',
					'attempts'        => $attempts,
					'next_attempt_at' => gmdate( 'Y-m-d H:i:s', time() + self::backoff( 1 ) ),
					'last_error'      => mb_substr( $response->describe(), 0, 2000 ),
				),
				array( 'id' => $id )
			);
		} else {
			if ( self::is_mail( $row ) ) {
				self::refused( $row, $payload, $response );
			}
			self::mark( $id, 'failed', $attempts, $response->describe() );
		}
		return $response;
	}

	/**
	 * Deletes one kept submission (the admin's "Delete").
	 *
	 * @param int $id Row id.
	 */
	public static function delete( int $id ): bool {
		global $wpdb;
		return (bool) $wpdb->delete( self::table(), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
	}

	/**
	 * Number of submissions the service refused for good, kept for the admin.
	 */
	public static function failed_count(): int {
		global $wpdb;
		$table = self::table();
		return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE status = 'failed'" ); // phpcs:ignore WordPress.DB -- the plugin's own table.
	}

	/**
	 * Sets a row's status.
	 *
	 * @param int    $id       Row id.
	 * @param string $status   New status.
	 * @param int    $attempts Attempts so far.
	 * @param string $error    Last error.
	 */
	private static function mark( int $id, string $status, int $attempts, string $error ): void {
		global $wpdb;
		if ( $id <= 0 ) {
			return;
		}
		$wpdb->update( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
			self::table(),
			array(
				'status'     => $status,
				'attempts'   => $attempts,
				'last_error' => mb_substr( $error, 0, 2000 ),
			),
			array( 'id' => $id )
		);
	}

	/**
	 * Rows for the admin page.
	 *
	 * @param int $limit How many.
	 * @return array<int, object>
	 */
	public static function rows( int $limit = 100 ): array {
		global $wpdb;
		$table = self::table();
		return (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, created_at, source, kind, payload, status, attempts, next_attempt_at, last_error FROM {$table} ORDER BY id DESC LIMIT %d", $limit ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
	}

	/**
	 * Number of submissions waiting.
	 */
	public static function pending_count(): int {
		global $wpdb;
		$table = self::table();
		return (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE status = 'pending'" ); // phpcs:ignore WordPress.DB -- the plugin's own table.
	}

	/**
	 * Makes every pending row due now (the admin's "Retry now").
	 */
	public static function make_all_due(): void {
		global $wpdb;
		$table = self::table();
		$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET next_attempt_at = %s WHERE status = 'pending'", gmdate( 'Y-m-d H:i:s', time() - 1 ) ) ); // phpcs:ignore WordPress.DB -- the plugin's own table.
	}
}
