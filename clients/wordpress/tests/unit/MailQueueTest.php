<?php
/**
 * Mail the service does not answer for is kept, not waited on or handed to
 * WordPress: WP-Cron sends it later with the same bytes and Idempotency-Key
 * (so one the service took after all is not sent twice), the mail log says
 * where it is, and the Waiting tab shows it.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Admin;
use SvcFormsMail\Client;
use SvcFormsMail\Mailer;
use SvcFormsMail\Queue;

final class MailQueueTest extends Svcfm_TestCase {

	private static function mail( string $subject = 'Password Reset' ): array {
		return array( 'to' => 'ann@x.example', 'subject' => $subject, 'message' => 'Reset it here.', 'headers' => '', 'attachments' => array() );
	}

	private static function log(): array {
		global $wpdb;
		return array_values( $wpdb->tables['wp_svcfm_mail_log'] ?? array() );
	}

	private static function queue(): array {
		global $wpdb;
		return array_values( $wpdb->tables['wp_svcfm_queue'] ?? array() );
	}

	private static function make_due(): void {
		foreach ( self::queue() as $row ) {
			$row->next_attempt_at = '2000-01-01 00:00:00';
		}
	}

	public function test_an_unanswered_mail_is_kept_and_cron_sends_the_same_bytes_with_the_same_key(): void {
		self::configure( array( 'mail_fallback' => true ) );
		$failed = null;
		add_action( 'wp_mail_failed', function ( $e ) use ( &$failed ) {
			$failed = $e;
		} );
		// No answer (the stub's transport: cURL error 7); the fallback switch is on, but a service that does not answer keeps the mail.
		$this->assertTrue( Mailer::pre_wp_mail( null, self::mail() ), 'kept: on its way, like a kept form submission' );
		$this->assertNull( $failed );
		$this->assertSame( 'queued', self::log()[0]->status );
		[ $row ] = self::queue();
		$this->assertSame( 'mail', $row->kind );
		$this->assertSame( 'pending', $row->status );
		$first = WP_Stub::$requests[0][1];
		$key   = $first['headers']['idempotency-key'];
		$this->assertMatchesRegularExpression( '/^svcfm-mail-[0-9a-f]{32}$/', $key );

		// Still no answer: waiting longer.
		self::make_due();
		Queue::run();
		$this->assertSame( 2, self::queue()[0]->attempts );
		// The service answers: the same body and key, the log row says sent, the row is gone.
		self::make_due();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'sent' => true, 'message_id' => '<m@x>' ) );
		$this->assertSame( 1, Queue::run()['sent'] );
		$last = end( WP_Stub::$requests );
		$this->assertStringEndsWith( '/api/v1/mail/send', $last[0] );
		$this->assertSame( $first['body'], $last[1]['body'], 'the same bytes' );
		$this->assertSame( $key, $last[1]['headers']['idempotency-key'] );
		$this->assertSame( array(), self::queue() );
		$this->assertSame( 'sent', self::log()[0]->status );
		$this->assertSame( 0, \SvcFormsMail\Outcomes::summary( 7 )['counts']['delivered'], 'mail is no form outcome' );
	}

	public function test_with_the_circuit_open_a_mail_is_kept_without_waiting(): void {
		self::configure();
		Client::open_circuit();
		$start = microtime( true );
		$this->assertTrue( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertLessThan( 0.05, microtime( true ) - $start );
		$this->assertSame( array(), WP_Stub::$requests, 'the hung service is not called' );
		$this->assertSame( 'mail', self::queue()[0]->kind );
		$this->assertStringContainsString( 'not called', self::queue()[0]->last_error );
	}

	public function test_a_refusal_is_not_kept_and_still_decides_the_fallback(): void {
		self::configure( array( 'mail_fallback' => false ) );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'over_quota', 'error' => 'over_quota' ) );
		$this->assertFalse( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertSame( array(), self::queue() );
		$this->assertSame( 'failed', self::log()[0]->status );
	}

	public function test_a_kept_mail_the_service_refuses_later_is_marked_refused_in_both_tables(): void {
		self::configure();
		Mailer::pre_wp_mail( null, self::mail() );
		self::make_due();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'send_failed', 'error' => 'all_recipients_suppressed' ) );
		$this->assertSame( 1, Queue::run()['failed'] );
		$this->assertSame( 'failed', self::queue()[0]->status );
		$this->assertSame( 'failed', self::log()[0]->status );
		$this->assertStringContainsString( 'all_recipients_suppressed', self::log()[0]->error );
		// Send again (the Waiting tab's button): handed over this time.
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'sent' => true ) );
		$this->assertTrue( Queue::resend( (int) self::queue()[0]->id )->ok() );
		$this->assertSame( array(), self::queue() );
		$this->assertSame( 'sent', self::log()[0]->status );
	}

	public function test_the_waiting_tab_shows_a_kept_mail_by_recipient_and_subject(): void {
		self::configure();
		Mailer::pre_wp_mail( null, self::mail( 'Your <new> account' ) );
		$html = Admin::submission_details( self::queue()[0] );
		$this->assertStringContainsString( '<th scope="row">To</th><td>ann@x.example</td>', $html );
		$this->assertStringContainsString( 'Your &lt;new&gt; account', $html );
		$this->assertStringContainsString( 'It will not be sent.', $html );
	}
}
