<?php
/**
 * The SMTP mode: its settings, WordPress's PHPMailer pointed at the service's
 * SMTP submission port, and the mail log from wp_mail_succeeded / wp_mail_failed.
 * PHPMailer is WordPress's own (Debian's wordpress package).
 *
 * @package SvcFormsMail
 */

use PHPMailer\PHPMailer\PHPMailer;
use SvcFormsMail\Admin;
use SvcFormsMail\Mailer;
use SvcFormsMail\Settings;
use SvcFormsMail\Smtp_Mode;
use SvcFormsMail\Smtp_Transport;

if ( class_exists( PHPMailer::class ) ) {
	require_once SVCFM_DIR . '/includes/class-smtp-transport.php';

	/** The service's SMTP client as it is after hearing the given answer to DATA. */
	final class Svcfm_Answered_Transport extends Smtp_Transport {
		public function hear( string $reply ): void {
			$this->last_reply = $reply;
			$this->recordLastTransactionID();
		}
	}
}

final class SmtpModeTest extends Svcfm_TestCase {

	protected function setUp(): void {
		parent::setUp();
		if ( ! class_exists( PHPMailer::class ) ) {
			$this->markTestSkipped( 'WordPress\'s PHPMailer is not installed (Debian package wordpress).' );
		}
	}

	private static function log(): array {
		global $wpdb;
		return array_values( $wpdb->tables['wp_svcfm_mail_log'] ?? array() );
	}

	/** WordPress's PHPMailer as wp_mail() leaves it before phpmailer_init. */
	private static function mailer(): PHPMailer {
		$m = new PHPMailer( true );
		$m->addAddress( 'ann@x.example', 'Ann' );
		$m->Subject              = 'Hi';
		$GLOBALS['phpmailer']    = $m;
		return $m;
	}

	private static function data(): array {
		return array( 'to' => array( 'Ann <ann@x.example>' ), 'subject' => 'Hi', 'message' => 'Hello', 'headers' => array(), 'attachments' => array() );
	}

	public function test_defaults_are_the_api_mode_and_the_service_hosts_submission_port(): void {
		self::configure( array( 'service_url' => 'https://forms.example.com' ) );
		$this->assertSame( 'api', Settings::get( 'mail_mode' ) );
		$this->assertSame(
			array( 'host' => 'forms.example.com', 'port' => 2587, 'encryption' => 'starttls', 'username' => 'wordpress', 'password' => 'svc_live_abcdefghijklmnop' ),
			Settings::smtp()
		);
	}

	public function test_encryption_is_none_for_a_loopback_host_unless_chosen(): void {
		foreach ( array( 'http://127.0.0.1:8080', 'http://localhost', 'http://[::1]:8080', 'http://wp.localhost' ) as $url ) {
			self::configure( array( 'service_url' => $url ) );
			$this->assertSame( 'none', Settings::smtp()['encryption'], $url );
		}
		self::configure( array( 'service_url' => 'http://127.0.0.1:8080', 'smtp_encryption' => 'starttls' ) );
		$this->assertSame( 'starttls', Settings::smtp()['encryption'] );
		self::configure( array( 'service_url' => 'https://forms.example.com', 'smtp_host' => 'smtp.example.com', 'smtp_port' => 587, 'smtp_encryption' => 'none' ) );
		$c = Settings::smtp();
		$this->assertSame( array( 'smtp.example.com', 587, 'none' ), array( $c['host'], $c['port'], $c['encryption'] ) );
		$this->assertFalse( Settings::is_loopback_host( 'smtp.example.com' ) );
		$this->assertFalse( Settings::is_loopback_host( '127.example.com' ) );
		$this->assertTrue( Settings::is_loopback_host( '127.0.0.2' ) );
	}

	public function test_the_settings_form_values(): void {
		$this->assertSame(
			array( 'mail_mode' => 'smtp', 'smtp_host' => 'mail.example.com', 'smtp_port' => 2525, 'smtp_encryption' => 'starttls' ),
			Admin::mail_mode_values( array( 'mail_mode' => 'smtp', 'smtp_host' => ' Mail.Example.com ', 'smtp_port' => '2525', 'smtp_encryption' => 'starttls' ) )
		);
		$this->assertSame(
			array( 'mail_mode' => 'api', 'smtp_host' => '', 'smtp_port' => 2587, 'smtp_encryption' => 'auto' ),
			Admin::mail_mode_values( array( 'mail_mode' => 'pigeon', 'smtp_host' => 'bad host:25', 'smtp_port' => '70000', 'smtp_encryption' => 'ssl' ) )
		);
		$this->assertSame( '[::1]', Settings::normalize_smtp_host( '::1' ) );
		$this->assertSame( '10.0.0.5', Settings::normalize_smtp_host( '10.0.0.5' ) );
		$this->assertSame( '', Settings::normalize_smtp_host( 'smtp://x.example' ) );
	}

	public function test_phpmailer_is_pointed_at_the_submission_port_with_starttls(): void {
		self::configure( array( 'service_url' => 'https://forms.example.com', 'mail_mode' => 'smtp' ) );
		$m = self::mailer();
		Smtp_Mode::phpmailer_init( $m );
		$this->assertSame( 'smtp', $m->Mailer );
		$this->assertSame( 'forms.example.com', $m->Host );
		$this->assertSame( 2587, $m->Port );
		$this->assertTrue( $m->SMTPAuth );
		$this->assertSame( 'wordpress', $m->Username );
		$this->assertSame( 'svc_live_abcdefghijklmnop', $m->Password );
		$this->assertSame( PHPMailer::ENCRYPTION_STARTTLS, $m->SMTPSecure );
		$this->assertTrue( $m->SMTPAutoTLS );
		$this->assertSame( 0, $m->SMTPDebug );
		$this->assertFalse( $m->SMTPKeepAlive );
		$this->assertSame( Smtp_Mode::TIMEOUT, $m->Timeout );
		$this->assertInstanceOf( Smtp_Transport::class, $m->getSMTPInstance() );
	}

	public function test_phpmailer_without_encryption_on_loopback(): void {
		self::configure( array( 'service_url' => 'http://127.0.0.1:8080', 'mail_mode' => 'smtp', 'smtp_port' => 40025 ) );
		$m = self::mailer();
		Smtp_Mode::phpmailer_init( $m );
		$this->assertSame( '127.0.0.1', $m->Host );
		$this->assertSame( 40025, $m->Port );
		$this->assertSame( '', $m->SMTPSecure );
		$this->assertFalse( $m->SMTPAutoTLS, 'no STARTTLS even when offered' );
	}

	public function test_phpmailer_is_left_alone_in_the_api_mode_or_when_off(): void {
		foreach ( array( array(), array( 'mail_mode' => 'smtp', 'mail_enabled' => false ), array( 'mail_mode' => 'smtp', 'api_key' => '' ) ) as $more ) {
			self::configure( $more );
			$m = self::mailer();
			Smtp_Mode::phpmailer_init( $m );
			$this->assertSame( 'mail', $m->Mailer, json_encode( $more ) );
			$this->assertSame( '', $m->Password );
			Smtp_Mode::succeeded( self::data() );
			$this->assertSame( array(), self::log(), 'nothing logged for mail the plugin did not handle' );
		}
	}

	public function test_the_api_filter_steps_aside_in_the_smtp_mode(): void {
		self::configure( array( 'mail_mode' => 'smtp' ) );
		$this->assertNull( Mailer::pre_wp_mail( null, self::data() ) );
		$this->assertSame( array(), WP_Stub::$requests );
	}

	public function test_a_sent_email_is_logged_with_the_services_message_id(): void {
		self::configure( array( 'mail_mode' => 'smtp' ) );
		$m = self::mailer();
		Smtp_Mode::phpmailer_init( $m );
		$t = new Svcfm_Answered_Transport();
		$m->setSMTPInstance( $t );
		$t->hear( "250 2.0.0 Accepted <abc.123@relay.example> mode=relay\r\n" );
		Smtp_Mode::succeeded( self::data() );
		$row = self::log()[0];
		$this->assertSame( 'sent', $row->status );
		$this->assertSame( '<abc.123@relay.example>', $row->message_id );
		$this->assertSame( 'Ann <ann@x.example>', $row->to_addr );
		$this->assertSame( 'wordpress', $row->source );
		// Once only: the next wp_mail_succeeded (another mailer) is not this email's.
		Smtp_Mode::succeeded( self::data() );
		$this->assertCount( 1, self::log() );
	}

	public function test_a_held_email_is_logged_as_held(): void {
		self::configure( array( 'mail_mode' => 'smtp' ) );
		$m = self::mailer();
		Smtp_Mode::phpmailer_init( $m );
		$t = new Svcfm_Answered_Transport();
		$m->setSMTPInstance( $t );
		$t->hear( "250 2.0.0 Accepted (held_as_spam)\r\n" );
		Smtp_Mode::succeeded( self::data() );
		$this->assertSame( array( 'held', '', 'held_as_spam' ), array( self::log()[0]->status, self::log()[0]->message_id, self::log()[0]->error ) );
	}

	public function test_a_refusal_is_logged_with_the_smtp_answer(): void {
		self::configure( array( 'mail_mode' => 'smtp' ) );
		$m = self::mailer();
		add_filter( 'svcfm_mail_source_plugin', fn() => 'my-shop' );
		Smtp_Mode::phpmailer_init( $m );
		$m->ErrorInfo = "SMTP Error: data not accepted.SMTP server error: DATA END command failed Detail: all_recipients_suppressed\n SMTP code: 550";
		Smtp_Mode::failed( new WP_Error( 'wp_mail_failed', 'SMTP Error: data not accepted.', self::data() ) );
		$row = self::log()[0];
		$this->assertSame( 'failed', $row->status );
		$this->assertSame( 'my-shop', $row->source );
		$this->assertSame( 'Hi', $row->subject );
		$this->assertSame( 'smtp: SMTP Error: data not accepted.SMTP server error: DATA END command failed Detail: all_recipients_suppressed SMTP code: 550', $row->error );
		$this->assertStringNotContainsString( 'svc_live_', $row->error );
	}

	public function test_the_connect_check_names_the_step_that_failed(): void {
		// A loopback port nobody listens on: a real refused connection.
		$server = stream_socket_server( 'tcp://127.0.0.1:0' );
		$port   = (int) substr( strrchr( stream_socket_get_name( $server, false ), ':' ), 1 );
		fclose( $server );
		self::configure( array( 'service_url' => 'http://127.0.0.1:8080', 'mail_mode' => 'smtp', 'smtp_port' => $port ) );
		$check = Smtp_Mode::check();
		$this->assertFalse( $check['ok'] );
		$this->assertStringContainsString( "port 127.0.0.1:{$port} failed at connect: Failed to connect to server", $check['text'] );
		$this->assertStringNotContainsString( 'svc_live_', $check['text'] );
	}

	public function test_a_failure_before_phpmailer_init_is_logged_too(): void {
		self::configure( array( 'mail_mode' => 'smtp' ) );
		Smtp_Mode::failed( new WP_Error( 'wp_mail_failed', 'Invalid address:  (From): not-an-address', self::data() ) );
		$this->assertSame( array( 'failed', 'smtp: Invalid address:  (From): not-an-address' ), array( self::log()[0]->status, self::log()[0]->error ) );
	}

	public function test_the_transport_keeps_phpmailers_own_patterns(): void {
		$t = new Svcfm_Answered_Transport();
		$t->hear( "250 2.0.0 Ok: queued as 4XYZ\r\n" );
		$this->assertSame( '4XYZ', $t->getLastTransactionID() );
		$t->hear( "250 2.0.0 Accepted <m.1@svc.example> mode=domain\r\n" );
		$this->assertSame( '<m.1@svc.example>', $t->getLastTransactionID() );
	}

	public function test_an_api_mode_failure_is_not_logged_twice(): void {
		self::configure( array( 'mail_fallback' => false ) );
		Smtp_Mode::register();
		// A refusal (a service that does not answer keeps the mail instead).
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'over_quota', 'error' => 'over_quota' ) );
		$this->assertFalse( Mailer::pre_wp_mail( null, self::data() ) );
		$this->assertCount( 1, self::log(), 'only the API mode\'s own row' );
		$this->assertSame( 'failed', self::log()[0]->status );
	}
}
