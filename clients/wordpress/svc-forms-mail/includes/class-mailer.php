<?php
/**
 * Sends every wp_mail() through POST /mail/send (the pre_wp_mail filter).
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * The pre_wp_mail handler.
 */
final class Mailer {

	/**
	 * source_plugin set by an integration while its plugin sends mail.
	 *
	 * @var string[]
	 */
	private static array $sources = array();

	/**
	 * Plugin folder names -> source_plugin values the service knows.
	 */
	const SOURCE_NAMES = array(
		'contact-form-7' => 'contact-form-7',
		'wpforms'        => 'wpforms',
		'wpforms-lite'   => 'wpforms',
		'gravityforms'   => 'gravityforms',
	);

	/**
	 * Registers the filter.
	 */
	public static function register(): void {
		add_filter( 'pre_wp_mail', array( self::class, 'pre_wp_mail' ), 10, 2 );
		add_action( 'wp_mail_failed', array( self::class, 'fallback_failed' ) );
		add_action( 'wp_mail_succeeded', array( self::class, 'fallback_sent' ) );
	}

	/**
	 * The log row of an email handed to WordPress's own mailer, until it reports.
	 *
	 * @var int
	 */
	private static int $fallback_row = 0;

	/**
	 * wp_mail_failed after a fallback: WordPress could not send it either, and the log says so.
	 *
	 * @param mixed $error WordPress's WP_Error.
	 */
	public static function fallback_failed( $error ): void {
		if ( self::$fallback_row > 0 ) {
			$text = is_object( $error ) && method_exists( $error, 'get_error_message' ) ? (string) $error->get_error_message() : '';
			Mail_Log::update( self::$fallback_row, 'fallback_failed', self::$fallback_error . ' / WordPress: ' . $text );
			self::$fallback_row = 0;
		}
	}

	/**
	 * wp_mail_succeeded after a fallback: the row's "sent by WordPress" is true.
	 */
	public static function fallback_sent(): void {
		self::$fallback_row = 0;
	}

	/**
	 * The service's error of the email handed to WordPress's own mailer.
	 *
	 * @var string
	 */
	private static string $fallback_error = '';

	/**
	 * Marks the mail sent until pop_source() as coming from a plugin.
	 *
	 * @param string $source source_plugin value.
	 */
	public static function push_source( string $source ): void {
		self::$sources[] = $source;
	}

	/**
	 * Ends what push_source() started.
	 */
	public static function pop_source(): void {
		array_pop( self::$sources );
	}

	/**
	 * The filter: true when the service sent the mail, false when it failed
	 * (and no fallback), null to let WordPress's own mailer send.
	 *
	 * @param null|bool            $short_circuit What an earlier filter decided.
	 * @param array<string, mixed> $atts          wp_mail()'s arguments.
	 * @return null|bool
	 */
	public static function pre_wp_mail( $short_circuit, $atts ) {
		if ( null !== $short_circuit || ! is_array( $atts ) ) {
			return $short_circuit;
		}
		if ( ! Settings::is_configured() || ! Settings::get( 'mail_enabled' ) || 'api' !== Settings::get( 'mail_mode' ) ) {
			return null;
		}
		$source  = (string) apply_filters( 'svcfm_mail_source_plugin', self::detect_source(), $atts );
		$subject = (string) ( $atts['subject'] ?? '' );
		try {
			$payload = Mail_Message::build( $atts, $source );
		} catch ( Mail_Error $e ) {
			return self::failed( $atts, $source, $e->error_code . ': ' . $e->getMessage() );
		}
		// Sent with an Idempotency-Key: if the service took it but did not answer
		// in time, the kept copy sent later with the same key is not sent twice.
		$body     = Client::encode( $payload );
		$key      = 'svcfm-mail-' . bin2hex( random_bytes( 16 ) );
		$response = Settings::client()->send_mail_json( $body, $key );
		if ( $response->unreachable() ) {
			$kept = self::keep( $atts, $source, $body, $key, $response->describe() );
			if ( null !== $kept ) {
				return $kept;
			}
		}
		if ( $response->ok() ) {
			$held = ! empty( $response->body['held'] );
			Mail_Log::add( $held ? 'held' : 'sent', $atts['to'] ?? '', $subject, $source, (string) ( $response->body['message_id'] ?? '' ), $held ? 'held_as_spam' : '' );
			do_action( 'wp_mail_succeeded', self::mail_data( $atts ) );
			return true;
		}
		return self::failed( $atts, $source, $response->describe() );
	}

	/**
	 * A mail the service did not answer for (hung, stopped, or the circuit
	 * open after a timeout): kept in the queue and sent by WP-Cron when the
	 * service answers again, instead of waiting on it or handing it to
	 * WordPress's mailer. wp_mail() says true: the mail is on its way, like a
	 * kept form submission. Null when it could not be kept (then it fails as
	 * before).
	 *
	 * @param array<string, mixed> $atts   wp_mail()'s arguments.
	 * @param string               $source source_plugin.
	 * @param string               $body   The POST /mail/send body as sent.
	 * @param string               $key    Its Idempotency-Key.
	 * @param string               $error  Why it was not sent now.
	 */
	private static function keep( array $atts, string $source, string $body, string $key, string $error ): ?bool {
		$row = Mail_Log::add( 'queued', $atts['to'] ?? '', (string) ( $atts['subject'] ?? '' ), $source, '', $error );
		if ( Queue::keep_mail( $body, $key, $source, $row, $error ) > 0 ) {
			return true;
		}
		Mail_Log::delete( $row );
		return null;
	}

	/**
	 * Logs a failure; falls back to WordPress's mailer when the switch is on.
	 *
	 * @param array<string, mixed> $atts   wp_mail()'s arguments.
	 * @param string               $source source_plugin.
	 * @param string               $error  What went wrong.
	 * @return null|false
	 */
	private static function failed( array $atts, string $source, string $error ) {
		$fallback = (bool) Settings::get( 'mail_fallback' );
		$row      = Mail_Log::add( $fallback ? 'fallback' : 'failed', $atts['to'] ?? '', (string) ( $atts['subject'] ?? '' ), $source, '', $error );
		if ( $fallback ) {
			// WordPress sends it next and reports with wp_mail_failed or wp_mail_succeeded.
			self::$fallback_row   = $row;
			self::$fallback_error = $error;
			return null;
		}
		self::$fallback_row = 0;
		$data = self::mail_data( $atts );
		/* translators: %s: the service's error. */
		$text = sprintf( __( 'The mail service did not send the email: %s', 'svc-forms-mail' ), $error );
		do_action( 'wp_mail_failed', new \WP_Error( 'wp_mail_failed', $text, $data ) );
		return false;
	}

	/**
	 * What wp_mail's own actions carry.
	 *
	 * @param array<string, mixed> $atts wp_mail()'s arguments.
	 * @return array<string, mixed>
	 */
	private static function mail_data( array $atts ): array {
		return array(
			'to'          => $atts['to'] ?? '',
			'subject'     => $atts['subject'] ?? '',
			'message'     => $atts['message'] ?? '',
			'headers'     => $atts['headers'] ?? array(),
			'attachments' => $atts['attachments'] ?? array(),
		);
	}

	/**
	 * Who is sending: an integration's mark, else the first plugin in the
	 * call stack (its folder name), else "wordpress".
	 */
	public static function detect_source(): string {
		if ( self::$sources ) {
			return (string) end( self::$sources );
		}
		$dirs = array();
		foreach ( array( 'WP_PLUGIN_DIR', 'WPMU_PLUGIN_DIR' ) as $const ) {
			if ( defined( $const ) ) {
				$dirs[] = wp_normalize_path( (string) constant( $const ) ) . '/';
			}
		}
		$own = wp_normalize_path( SVCFM_DIR ) . '/';
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_debug_backtrace -- finds the plugin that called wp_mail().
		foreach ( debug_backtrace( DEBUG_BACKTRACE_IGNORE_ARGS ) as $frame ) {
			$file = isset( $frame['file'] ) ? wp_normalize_path( $frame['file'] ) : '';
			if ( '' === $file || str_starts_with( $file, $own ) ) {
				continue;
			}
			foreach ( $dirs as $dir ) {
				if ( str_starts_with( $file, $dir ) ) {
					$folder = strtok( substr( $file, strlen( $dir ) ), '/' );
					$folder = preg_replace( '/\.php$/', '', (string) $folder );
					return self::SOURCE_NAMES[ $folder ] ?? (string) $folder;
				}
			}
		}
		return 'wordpress';
	}
}
