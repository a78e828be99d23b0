<?php
/**
 * pre_wp_mail, the kept-submission queue and the block notice.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Mailer;
use SvcFormsMail\Notices;
use SvcFormsMail\Queue;

final class MailerQueueNoticesTest extends Svcfm_TestCase {

	private static function mail(): array {
		return array( 'to' => 'ann@x.example', 'subject' => 'Hi', 'message' => 'Hello', 'headers' => '', 'attachments' => array() );
	}

	private static function log(): array {
		global $wpdb;
		return array_values( $wpdb->tables['wp_svcfm_mail_log'] ?? array() );
	}

	public function test_not_configured_leaves_mail_to_wordpress(): void {
		$this->assertNull( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertSame( array(), WP_Stub::$requests );
	}

	public function test_an_earlier_short_circuit_is_respected(): void {
		self::configure();
		$this->assertTrue( Mailer::pre_wp_mail( true, self::mail() ) );
		$this->assertSame( array(), WP_Stub::$requests );
	}

	public function test_a_sent_mail_is_logged_and_reported_to_wordpress(): void {
		self::configure();
		$succeeded = null;
		add_action( 'wp_mail_succeeded', function ( $d ) use ( &$succeeded ) {
			$succeeded = $d;
		} );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'sent' => true, 'mode' => 'relay', 'message_id' => '<m1@x>' ) );
		$this->assertTrue( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertStringEndsWith( '/api/v1/mail/send', WP_Stub::$requests[0][0] );
		$this->assertSame( 'ann@x.example', $succeeded['to'] );
		$this->assertSame( 'sent', self::log()[0]->status );
		$this->assertSame( '<m1@x>', self::log()[0]->message_id );
	}

	public function test_held_mail_counts_as_sent_and_is_logged_as_held(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'sent' => true, 'held' => true, 'reason' => 'held_as_spam' ) );
		$this->assertTrue( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertSame( 'held', self::log()[0]->status );
	}

	public function test_a_refusal_without_fallback_fails_wp_mail(): void {
		self::configure( array( 'mail_fallback' => false ) );
		$failed = null;
		add_action( 'wp_mail_failed', function ( $e ) use ( &$failed ) {
			$failed = $e;
		} );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'over_quota', 'error' => 'over_quota' ) );
		$this->assertFalse( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertInstanceOf( WP_Error::class, $failed );
		$this->assertStringContainsString( 'over_quota', $failed->get_error_message() );
		$this->assertSame( 'failed', self::log()[0]->status );
		$this->assertSame( 'over_quota', self::log()[0]->error );
	}

	public function test_a_refusal_with_fallback_lets_wordpress_send(): void {
		// A service that does not answer keeps the mail instead (MailQueueTest).
		self::configure( array( 'mail_fallback' => true ) );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'over_quota', 'error' => 'over_quota' ) );
		$this->assertNull( Mailer::pre_wp_mail( null, self::mail() ) );
		$this->assertSame( 'fallback', self::log()[0]->status );
		$this->assertStringStartsWith( 'over_quota', self::log()[0]->error );
	}

	public function test_the_log_says_sent_by_wordpress_only_when_wordpress_sent_it(): void {
		self::configure( array( 'mail_fallback' => true ) );
		global $wpdb;
		// Refused: handed to WordPress, which fails too.
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'over_quota', 'error' => 'over_quota' ) );
		$this->assertNull( Mailer::pre_wp_mail( null, self::mail() ) );
		Mailer::fallback_failed( new WP_Error( 'wp_mail_failed', 'Could not instantiate mail function.' ) );
		$row = array_values( $wpdb->tables['wp_svcfm_mail_log'] )[0];
		$this->assertSame( 'fallback_failed', $row->status );
		$this->assertStringContainsString( 'WordPress: Could not instantiate mail function.', $row->error );
		// Handed over again, and this time WordPress sends it: the row stays "sent by WordPress".
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'over_quota', 'error' => 'over_quota' ) );
		$this->assertNull( Mailer::pre_wp_mail( null, self::mail() ) );
		Mailer::fallback_sent();
		Mailer::fallback_failed( new WP_Error( 'wp_mail_failed', 'a later, unrelated email' ) );
		$row = array_values( $wpdb->tables['wp_svcfm_mail_log'] )[1];
		$this->assertSame( 'fallback', $row->status );
	}

	public function test_a_message_the_api_cannot_take_is_not_sent(): void {
		self::configure( array( 'mail_fallback' => false ) );
		$this->assertFalse( Mailer::pre_wp_mail( null, array( 'to' => 'nobody', 'message' => 'x' ) ) );
		$this->assertSame( array(), WP_Stub::$requests );
		$this->assertStringStartsWith( 'no_recipient', self::log()[0]->error );
	}

	public function test_mail_switched_off_goes_to_wordpress(): void {
		self::configure( array( 'mail_enabled' => false ) );
		$this->assertNull( Mailer::pre_wp_mail( null, self::mail() ) );
	}

	public function test_cron_retries_due_submissions_with_backoff(): void {
		self::configure();
		global $wpdb;
		$id = Queue::add( array( 'form_id' => 1, 'fields' => array() ), 'hosted:contact', 'unreachable' );
		$wpdb->tables['wp_svcfm_queue'][ $id ]->next_attempt_at = '2000-01-01 00:00:00';
		// Still down: attempt 2, next one 5 minutes later.
		Queue::run();
		$row = $wpdb->tables['wp_svcfm_queue'][ $id ];
		$this->assertSame( 2, $row->attempts );
		$this->assertEqualsWithDelta( time() + 300, strtotime( $row->next_attempt_at . ' UTC' ), 5 );
		// Back: delivered and removed; the fields (an object) carry the visitor's original time.
		$row->next_attempt_at = '2000-01-01 00:00:00';
		$row->created_at      = '2026-11-28 14:22:03';
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'id' => 'x' ) );
		Queue::run();
		$this->assertArrayNotHasKey( $id, $wpdb->tables['wp_svcfm_queue'] );
		$this->assertStringContainsString( '"fields":{"sent_by_the_visitor_at":"2026-11-28 14:22 (2026-11-28 14:22:03 UTC), kept by WordPress until the service could take it"}', end( WP_Stub::$requests )[1]['body'] );
		$this->assertFalse( get_transient( Queue::LOCK ), 'the lock is released' );
	}

	public function test_a_final_refusal_is_kept_as_failed(): void {
		self::configure();
		global $wpdb;
		WP_Stub::$responses[] = self::answer( 400, array( 'error' => 'no_notify_email_configured' ) );
		$r                    = Queue::submit_or_keep( array( 'form_id' => 1 ), 'wpforms' );
		$this->assertSame( 'no_notify_email_configured', $r->code() );
		$row = array_values( $wpdb->tables['wp_svcfm_queue'] )[0];
		$this->assertSame( 'failed', $row->status );
		$this->assertSame( 'no_notify_email_configured', $row->last_error );
	}

	public function test_a_stored_spam_or_blocked_answer_is_final(): void {
		self::configure();
		global $wpdb;
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'blocked' => true ) );
		$this->assertTrue( Queue::submit_or_keep( array( 'form_id' => 1 ), 'x' )->ok() );
		$this->assertSame( array(), $wpdb->tables['wp_svcfm_queue'] ?? array() );
	}

	public function test_block_notice_offers_lift_only_where_the_site_may_lift(): void {
		$status = array(
			'any_active_block' => true,
			'headline'         => '2 IP addresses are blocked from submitting forms <now>.',
			'site_blocks'      => array(),
			'ip_blocks'        => array(
				array( 'id' => 'b-own', 'ip' => '198.51.100.1', 'reason' => 'rate_limit', 'blockedUntil' => '2030-01-01T00:00:00Z', 'selfLiftable' => true, 'note' => null, 'triggeredBySiteId' => 'site-1' ),
				array( 'id' => 'b-other', 'ip' => '198.51.100.2', 'reason' => 'rate_limit', 'blockedUntil' => null, 'selfLiftable' => true, 'note' => null, 'triggeredBySiteId' => 'site-2' ),
				array( 'id' => 'b-manual', 'ip' => '198.51.100.3', 'reason' => 'abuse', 'blockedUntil' => null, 'selfLiftable' => false, 'note' => 'by hand', 'triggeredBySiteId' => 'site-1' ),
			),
		);
		$html   = Notices::markup( $status, 'site-1' );
		$this->assertStringContainsString( 'forms &lt;now&gt;.', $html );
		$this->assertStringContainsString( 'name="block_id" value="b-own"', $html );
		$this->assertStringNotContainsString( 'b-other', $html );
		$this->assertStringNotContainsString( 'b-manual', $html );
		$this->assertStringContainsString( 'name="_svcfm_nonce"', $html );
		$this->assertStringContainsString( 'by hand', $html );
	}

	public function test_a_disabled_site_can_be_enabled_when_it_was_disabled_automatically(): void {
		$html = Notices::markup(
			array(
				'any_active_block' => true,
				'headline'         => 'This site is disabled.',
				'site_blocks'      => array( array( 'siteId' => 's', 'reason' => 'Too many spam submissions', 'selfLiftable' => true ) ),
				'ip_blocks'        => array(),
			),
			's'
		);
		$this->assertStringContainsString( 'name="kind" value="site"', $html );
		$this->assertStringContainsString( 'Too many spam submissions', $html );
	}

	public function test_lift_errors_are_explained(): void {
		$this->assertStringContainsString( 'Another site', Notices::lift_error_text( 'not_owner' ) );
		$this->assertStringContainsString( 'weird', Notices::lift_error_text( 'weird' ) );
	}
}
