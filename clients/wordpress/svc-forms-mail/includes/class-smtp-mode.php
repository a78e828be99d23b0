<?php
/**
 * The SMTP mode: wp_mail() goes through WordPress's own PHPMailer to the
 * service's SMTP submission port (phpmailer_init), with the site's API key as
 * the password; the outcome is written to the mail log (wp_mail_succeeded,
 * wp_mail_failed). The service runs the same pipeline as POST /mail/send and
 * logs the email with source "smtp".
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * The phpmailer_init, wp_mail_succeeded and wp_mail_failed handlers.
 */
final class Smtp_Mode {

	// Seconds PHPMailer waits for the service (its default is 300).
	const TIMEOUT = 15;

	/**
	 * The mail being sent through the SMTP mode (its source_plugin), or null.
	 *
	 * @var array{source: string}|null
	 */
	private static ?array $pending = null;

	/**
	 * Registers the hooks.
	 */
	public static function register(): void {
		add_action( 'phpmailer_init', array( self::class, 'phpmailer_init' ), 10, 1 );
		add_action( 'wp_mail_succeeded', array( self::class, 'succeeded' ), 10, 1 );
		add_action( 'wp_mail_failed', array( self::class, 'failed' ), 10, 1 );
	}

	/**
	 * Whether wp_mail() goes through the SMTP submission port.
	 */
	public static function active(): bool {
		return Settings::is_configured() && Settings::get( 'mail_enabled' ) && 'smtp' === Settings::get( 'mail_mode' ) && '' !== Settings::smtp_host();
	}

	/**
	 * Points WordPress's PHPMailer at the service's SMTP submission port.
	 *
	 * @param object $phpmailer WordPress's PHPMailer\PHPMailer\PHPMailer.
	 */
	public static function phpmailer_init( $phpmailer ): void {
		self::$pending = null;
		if ( ! self::active() || ! is_object( $phpmailer ) || ! method_exists( $phpmailer, 'isSMTP' ) ) {
			return;
		}
		$c = Settings::smtp();
		$phpmailer->isSMTP();
		$phpmailer->Host          = $c['host'];
		$phpmailer->Port          = $c['port'];
		$phpmailer->SMTPAuth      = true;
		$phpmailer->Username      = $c['username'];
		$phpmailer->Password      = $c['password'];
		$phpmailer->SMTPSecure    = 'starttls' === $c['encryption'] ? 'tls' : '';
		$phpmailer->SMTPAutoTLS   = 'starttls' === $c['encryption'];
		$phpmailer->SMTPKeepAlive = false;
		$phpmailer->SMTPDebug     = 0;
		$phpmailer->Timeout       = self::TIMEOUT;
		if ( method_exists( $phpmailer, 'setSMTPInstance' ) && class_exists( '\PHPMailer\PHPMailer\SMTP' ) ) {
			require_once __DIR__ . '/class-smtp-transport.php';
			// A fresh client per email: its transaction id is this email's.
			$phpmailer->setSMTPInstance( new Smtp_Transport() );
		}
		// The same sender as the API mode (Mail_Message::sender()): WordPress's
		// default name is left to the service (the site's From name), and the
		// From address, or the administration email instead of WordPress's
		// default one, is the Reply-To unless the email names one.
		$sender = Mail_Message::reply_sender( (string) $phpmailer->FromName, (string) $phpmailer->From );
		if ( '' === $sender['name'] ) {
			$phpmailer->FromName = '';
		}
		if ( '' !== $sender['address'] && method_exists( $phpmailer, 'getReplyToAddresses' ) && ! $phpmailer->getReplyToAddresses() ) {
			$phpmailer->addReplyTo( $sender['address'] );
		}
		$atts          = array(
			'to'      => array_map( static fn( $a ) => (string) ( $a[0] ?? '' ), method_exists( $phpmailer, 'getToAddresses' ) ? $phpmailer->getToAddresses() : array() ),
			'subject' => (string) $phpmailer->Subject,
		);
		// Account mail: the header the submission port reads (and strips).
		$custom = array();
		foreach ( method_exists( $phpmailer, 'getCustomHeaders' ) ? $phpmailer->getCustomHeaders() : array() as $h ) {
			$custom[ (string) ( $h[0] ?? '' ) ] = (string) ( $h[1] ?? '' );
		}
		$has_header = Account_Mail::is_account_mail( array_intersect_key( $custom, array( Account_Mail::HEADER => 1 ) ), $atts );
		if ( $has_header && ! isset( $custom[ Account_Mail::HEADER ] ) ) {
			$phpmailer->addCustomHeader( Account_Mail::HEADER, '1' );
		}
		self::$pending = array( 'source' => (string) apply_filters( 'svcfm_mail_source_plugin', Mailer::detect_source(), $atts ) );
	}

	/**
	 * wp_mail_succeeded: the service took the email (sent, or held as spam).
	 *
	 * @param array<string, mixed> $mail_data to, subject, message, headers, attachments.
	 */
	public static function succeeded( $mail_data ): void {
		$pending       = self::$pending;
		self::$pending = null;
		if ( null === $pending ) {
			return;
		}
		$data = is_array( $mail_data ) ? $mail_data : array();
		$id   = self::transaction_id();
		$held = '(held_as_spam)' === $id;
		Mail_Log::add( $held ? 'held' : 'sent', $data['to'] ?? '', (string) ( $data['subject'] ?? '' ), $pending['source'], $held ? '' : $id, $held ? 'held_as_spam' : '' );
	}

	/**
	 * wp_mail_failed: the service refused the email or could not be reached.
	 * The SMTP answer's text names the reason (all_recipients_suppressed, rate_limited, ...).
	 *
	 * @param \WP_Error $error WordPress's error; its data holds wp_mail()'s arguments.
	 */
	public static function failed( $error ): void {
		$pending       = self::$pending;
		self::$pending = null;
		if ( null === $pending ) {
			if ( ! self::active() ) {
				return;
			}
			// wp_mail() failed before phpmailer_init (an invalid From, say): still this mode's email.
			$pending = array( 'source' => Mailer::detect_source() );
		}
		$data   = is_object( $error ) && method_exists( $error, 'get_error_data' ) ? $error->get_error_data() : null;
		$data   = is_array( $data ) ? $data : array();
		$detail = self::error_info();
		if ( '' === $detail && is_object( $error ) && method_exists( $error, 'get_error_message' ) ) {
			$detail = (string) $error->get_error_message();
		}
		Mail_Log::add( 'failed', $data['to'] ?? '', (string) ( $data['subject'] ?? '' ), $pending['source'], '', 'smtp: ' . $detail );
	}

	/**
	 * Logs in to the SMTP submission port with the saved settings (EHLO,
	 * STARTTLS when chosen, AUTH) without sending anything: Connect's check
	 * in the SMTP mode.
	 *
	 * @return array{ok: bool, text: string}
	 */
	public static function check(): array {
		if ( ! class_exists( '\PHPMailer\PHPMailer\SMTP' ) && defined( 'WPINC' ) ) {
			require_once ABSPATH . WPINC . '/PHPMailer/Exception.php';
			require_once ABSPATH . WPINC . '/PHPMailer/SMTP.php';
		}
		$c     = Settings::smtp();
		$where = $c['host'] . ':' . $c['port'];
		$smtp  = new \PHPMailer\PHPMailer\SMTP();
		$smtp->Timeout = self::TIMEOUT;
		$step  = 'connect';
		$ok    = $smtp->connect( $c['host'], $c['port'], self::TIMEOUT );
		if ( $ok ) {
			$step = 'EHLO';
			$helo = (string) ( wp_parse_url( home_url(), PHP_URL_HOST ) ?? 'localhost' );
			$ok   = $smtp->hello( $helo );
		}
		if ( $ok && 'starttls' === $c['encryption'] ) {
			$step = 'STARTTLS';
			$ok   = $smtp->startTLS() && $smtp->hello( $helo );
		}
		if ( $ok ) {
			$step = 'AUTH';
			$ok   = $smtp->authenticate( $c['username'], $c['password'] );
		}
		$error = $smtp->getError();
		if ( $smtp->connected() ) {
			$smtp->quit();
		}
		$smtp->close();
		if ( $ok ) {
			/* translators: 1: host:port, 2: encryption. */
			return array( 'ok' => true, 'text' => sprintf( __( 'SMTP submission at %1$s (%2$s) accepted the API key.', 'svc-forms-mail' ), $where, 'starttls' === $c['encryption'] ? 'STARTTLS' : __( 'no encryption', 'svc-forms-mail' ) ) );
		}
		$detail = trim( implode( ' ', array_filter( array( (string) ( $error['error'] ?? '' ), (string) ( $error['smtp_code'] ?? '' ), (string) ( $error['smtp_code_ex'] ?? '' ), (string) ( $error['detail'] ?? '' ) ) ) ) );
		/* translators: 1: host:port, 2: SMTP step (connect, EHLO, STARTTLS, AUTH), 3: the error. */
		return array( 'ok' => false, 'text' => sprintf( __( 'But the SMTP submission port %1$s failed at %2$s: %3$s. Check the SMTP host, port and encryption, or use the API mode.', 'svc-forms-mail' ), $where, $step, preg_replace( '/\s+/', ' ', $detail ) ) );
	}

	/**
	 * The service's message id from the answer to DATA, '(held_as_spam)', or ''.
	 */
	private static function transaction_id(): string {
		global $phpmailer;
		if ( ! is_object( $phpmailer ) || ! method_exists( $phpmailer, 'getSMTPInstance' ) ) {
			return '';
		}
		$id = $phpmailer->getSMTPInstance()->getLastTransactionID();
		return is_string( $id ) ? $id : '';
	}

	/**
	 * PHPMailer's error text (the SMTP answer included), without line breaks.
	 */
	private static function error_info(): string {
		global $phpmailer;
		if ( ! is_object( $phpmailer ) || ! isset( $phpmailer->ErrorInfo ) ) {
			return '';
		}
		return trim( (string) preg_replace( '/\s+/', ' ', (string) $phpmailer->ErrorInfo ) );
	}
}
