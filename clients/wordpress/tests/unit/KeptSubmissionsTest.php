<?php
/**
 * Kept submissions the service refused: readable, sent again, deleted, and
 * a "Retry now" that claims only what happened.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Admin;
use SvcFormsMail\Queue;

final class KeptSubmissionsTest extends Svcfm_TestCase {

	private static function disabled_site_row(): int {
		self::configure();
		WP_Stub::$responses[] = self::answer( 403, array( 'error' => 'site_disabled' ) );
		Queue::submit_or_keep(
			array(
				'form_id' => 1,
				'fields'  => array(
					'name'    => 'Ann <b>',
					'message' => "Line 1\nLine 2",
				),
				'visitor' => array( 'ip' => '198.51.100.23' ),
			),
			'hosted:contact',
			true
		);
		global $wpdb;
		return (int) array_key_first( $wpdb->tables['wp_svcfm_queue'] );
	}

	public function test_retry_now_does_not_claim_a_refused_row_was_delivered(): void {
		$id = self::disabled_site_row();
		Queue::make_all_due();
		$done = Queue::run();
		$this->assertSame( array( 'sent' => 0, 'waiting' => 0, 'failed' => 0 ), $done, 'a failed row is not retried' );
		list( $type, $text ) = Admin::retry_text( $done, Queue::pending_count(), Queue::failed_count() );
		$this->assertSame( 'warning', $type );
		$this->assertStringNotContainsString( 'delivered', $text );
		$this->assertStringContainsString( '1 submission was refused by the service and is not retried', $text );
		$this->assertSame( 1, Queue::failed_count() );
		unset( $id );
	}

	public function test_retry_now_counts_what_was_delivered_and_what_still_waits(): void {
		$this->assertSame( array( 'success', '2 submissions were delivered.' ), Admin::retry_text( array( 'sent' => 2, 'waiting' => 0, 'failed' => 0 ), 0, 0 ) );
		$this->assertSame( 'warning', Admin::retry_text( array( 'sent' => 1, 'waiting' => 1, 'failed' => 0 ), 1, 0 )[0] );
		$this->assertSame( array( 'success', 'Nothing was waiting.' ), Admin::retry_text( array( 'sent' => 0, 'waiting' => 0, 'failed' => 0 ), 0, 0 ) );
		$this->assertSame( 'warning', Admin::retry_text( null, 0, 0 )[0], 'a locked run claims nothing' );
	}

	public function test_a_refused_row_shows_its_contents_escaped_with_its_actions(): void {
		$id   = self::disabled_site_row();
		$html = Admin::submission_details( Queue::get( $id ) );
		$this->assertStringContainsString( '<details class="svcfm-submission" open>', $html );
		$this->assertStringContainsString( '<th scope="row">name</th><td>Ann &lt;b&gt;</td>', $html );
		$this->assertStringContainsString( "Line 1<br />\nLine 2", $html );
		$this->assertStringContainsString( '198.51.100.23', $html );
		$this->assertStringContainsString( 'name="id" value="' . $id . '"', $html );
		$this->assertStringContainsString( 'value="resend"', $html );
		$this->assertStringContainsString( 'value="delete"', $html );
		$this->assertStringContainsString( 'nonce-svcfm_queue_row', $html );
	}

	public function test_send_again_after_the_site_is_enabled_delivers_and_removes_it(): void {
		global $wpdb;
		$id                   = self::disabled_site_row();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'id' => 's1', 'email_sent' => true ) );
		$this->assertTrue( Queue::resend( $id )->ok() );
		$this->assertArrayNotHasKey( $id, $wpdb->tables['wp_svcfm_queue'] );
		$this->assertStringContainsString( '"message":"Line 1\nLine 2"', end( WP_Stub::$requests )[1]['body'] );
	}

	public function test_send_again_refused_again_stays_failed_and_unreachable_goes_back_to_waiting(): void {
		global $wpdb;
		$id                   = self::disabled_site_row();
		WP_Stub::$responses[] = self::answer( 403, array( 'error' => 'site_disabled' ) );
		$this->assertSame( 'site_disabled', Queue::resend( $id )->code() );
		$this->assertSame( 'failed', $wpdb->tables['wp_svcfm_queue'][ $id ]->status );
		$this->assertSame( 2, $wpdb->tables['wp_svcfm_queue'][ $id ]->attempts );
		// No answer at all: back on the retry schedule.
		$this->assertTrue( Queue::resend( $id )->unreachable() );
		$this->assertSame( 'pending', $wpdb->tables['wp_svcfm_queue'][ $id ]->status );
		$this->assertNull( Queue::resend( 999 ) );
	}

	public function test_delete_removes_the_row(): void {
		global $wpdb;
		$id = self::disabled_site_row();
		$this->assertTrue( Queue::delete( $id ) );
		$this->assertArrayNotHasKey( $id, $wpdb->tables['wp_svcfm_queue'] );
	}
}
