<?php
/**
 * What became of each submission: counts and why blocked ones were.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Admin;
use SvcFormsMail\Notices;
use SvcFormsMail\Outcomes;
use SvcFormsMail\Queue;
use SvcFormsMail\Response;

final class OutcomesTest extends Svcfm_TestCase {

	private static function body( string $ip, string $captcha = '' ): array {
		$b = array(
			'form_id' => 1,
			'fields'  => array( 'name' => 'Ann' ),
			'visitor' => array( 'ip' => $ip ),
		);
		if ( '' !== $captcha ) {
			$b['captcha_token'] = $captcha;
		}
		return $b;
	}

	public function test_each_answer_has_its_outcome(): void {
		$this->assertSame( 'delivered', Outcomes::of( new Response( 200, array( 'ok' => true, 'id' => 'a', 'email_sent' => true ) ) ) );
		$this->assertSame( 'no_email', Outcomes::of( new Response( 200, array( 'ok' => true, 'id' => 'a', 'email_sent' => false ) ) ) );
		$this->assertSame( 'spam', Outcomes::of( new Response( 200, array( 'ok' => true, 'id' => 'a' ) ) ) );
		$this->assertSame( 'blocked', Outcomes::of( new Response( 200, array( 'ok' => true, 'blocked' => true ) ) ) );
		$this->assertSame( 'kept', Outcomes::of( new Response( 503, array( 'error' => 'x' ) ) ) );
		$this->assertSame( 'failed', Outcomes::of( new Response( 403, array( 'error' => 'site_disabled' ) ) ) );
	}

	public function test_blocked_submissions_are_counted_with_their_address(): void {
		self::configure();
		foreach ( array( 'delivered', 'delivered', 'delivered', 'blocked', 'blocked', 'blocked' ) as $i => $kind ) {
			WP_Stub::$responses[] = self::answer( 200, 'blocked' === $kind ? array( 'ok' => true, 'blocked' => true ) : array( 'ok' => true, 'id' => "s$i", 'email_sent' => true ) );
			Queue::submit_or_keep( self::body( '10.0.0.5' ), 'hosted:contact', true );
		}
		WP_Stub::$responses[] = self::answer( 503, array( 'error' => 'x' ) );
		Queue::submit_or_keep( self::body( '198.51.100.1' ), 'hosted:contact', true );
		$sum = Outcomes::summary( 7 );
		$this->assertSame( 3, $sum['counts']['delivered'] );
		$this->assertSame( 3, $sum['counts']['blocked'] );
		$this->assertSame( 1, $sum['counts']['kept'] );
		$this->assertSame( '10.0.0.5', $sum['top_ip'] );
		$this->assertSame( 3, $sum['top_ip_count'] );
	}

	public function test_a_field_error_the_visitor_sees_is_not_counted(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 400, array( 'error' => 'invalid_payload', 'details' => array() ) );
		Queue::submit_or_keep( self::body( '10.0.0.5' ), 'hosted:contact', true );
		$this->assertSame( 0, array_sum( Outcomes::summary( 7 )['counts'] ) );
	}

	public function test_a_kept_submission_counts_again_when_forwarded(): void {
		self::configure();
		global $wpdb;
		$id = Queue::add( self::body( '10.0.0.5' ), 'hosted:contact', 'unreachable' );
		$wpdb->tables['wp_svcfm_queue'][ $id ]->next_attempt_at = '2000-01-01 00:00:00';
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'blocked' => true ) );
		Queue::run();
		$this->assertSame( 1, Outcomes::summary( 7 )['counts']['blocked'] );
	}

	public function test_a_block_makes_the_notice_ask_again(): void {
		self::configure();
		set_transient( Notices::TRANSIENT, array( 'any_active_block' => false ), 300 );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'blocked' => true ) );
		Queue::submit_or_keep( self::body( '10.0.0.5' ), 'hosted:contact', true );
		$this->assertFalse( get_transient( Notices::TRANSIENT ), 'the cached "nothing is blocked" is forgotten' );
	}

	public function test_why_narrows_the_spec_reasons_by_what_was_sent(): void {
		$row = (object) array(
			'ip'      => '10.0.0.5',
			'captcha' => 0,
		);
		$this->assertStringContainsString( 'more than 3 submissions a minute came from this address', Outcomes::why( $row, array( array( 'ip' => '10.0.0.5', 'reason' => 'rate_limit' ) ) ) );
		$this->assertStringContainsString( 'blocks this address (manual)', Outcomes::why( $row, array( array( 'ip' => '10.0.0.5', 'reason' => 'manual' ) ) ) );
		$this->assertStringNotContainsString( 'captcha', Outcomes::why( $row, array() ) );
		$row->captcha = 1;
		$this->assertStringContainsString( 'captcha', Outcomes::why( $row, array() ) );
		$row->ip = '';
		$this->assertSame( 'the captcha provider refused the visitor’s token', Outcomes::why( $row, array() ) );
	}

	public function test_the_services_reason_is_kept_and_shown_instead_of_a_guess(): void {
		self::configure();
		$reasons = array( 'captcha_rejected', 'rate_limit', 'ip_blocked' );
		foreach ( $reasons as $reason ) {
			WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'blocked' => true, 'reason' => $reason ) );
			Queue::submit_or_keep( self::body( '10.0.0.5', 'token' ), 'hosted:contact', true );
		}
		$rows = Outcomes::summary( 7 )['blocked'];
		$this->assertSame( array( 'ip_blocked', 'rate_limit', 'captcha_rejected' ), array_map( fn( $r ) => $r->reason, $rows ), 'newest first' );
		$why = array_map( fn( $r ) => Outcomes::why( $r, array() ), $rows );
		$this->assertSame( 'the service blocked this address (the block is no longer listed)', $why[0] );
		$this->assertSame( 'more than 3 submissions a minute came from this address; it is blocked for an hour', $why[1] );
		$this->assertSame( 'the captcha provider refused the visitor’s token', $why[2], 'a token and an address were sent: no guessing between them' );
		$this->assertSame( 'the service blocks this address (manual)', Outcomes::why( $rows[0], array( array( 'ip' => '10.0.0.5', 'reason' => 'manual' ) ) ) );
		$this->assertStringContainsString( 'blocked for an hour', Outcomes::why( $rows[0], array( array( 'ip' => '10.0.0.5', 'reason' => 'rate_limit' ) ) ) );
	}

	public function test_an_unknown_or_malformed_reason_is_not_kept(): void {
		$this->assertSame( '', Outcomes::reason( new Response( 200, array( 'ok' => true, 'blocked' => true, 'reason' => '<b>x</b>' ) ) ) );
		$this->assertSame( '', Outcomes::reason( new Response( 200, array( 'ok' => true, 'blocked' => true ) ) ) );
		$this->assertSame( '', Outcomes::reason( new Response( 200, array( 'ok' => true, 'id' => 'a', 'reason' => 'captcha_rejected' ) ) ), 'only beside blocked' );
	}

	public function test_the_status_card_shows_counts_reasons_and_the_proxy_hint(): void {
		self::configure();
		foreach ( range( 1, 3 ) as $i ) {
			WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'blocked' => true ) );
			Queue::submit_or_keep( self::body( '10.0.0.5' ), 'hosted:contact', true );
		}
		ob_start();
		Admin::outcomes_card( array( array( 'ip' => '10.0.0.5', 'reason' => 'rate_limit' ) ) );
		$html = (string) ob_get_clean();
		$this->assertMatchesRegularExpression( '#<th scope="row">3</th><td>blocked: not stored#', $html );
		$this->assertStringContainsString( '3 blocked submissions came from 10.0.0.5', $html );
		$this->assertStringContainsString( 'hosted:contact', $html );

		// With the proxy header set and the address not a listed proxy: no hint.
		self::configure(
			array(
				'proxy_header'    => 'X-Forwarded-For',
				'trusted_proxies' => array( '127.0.0.1' ),
			)
		);
		ob_start();
		Admin::outcomes_card( array() );
		$this->assertStringNotContainsString( 'svcfm-proxy-hint', (string) ob_get_clean() );
	}
}
