<?php
/**
 * WordPress's personal-data exporter and eraser: they call the service's
 * privacy/export and privacy/erase with the site's key and turn the answers
 * into WordPress's shapes.
 */

use SvcFormsMail\Privacy;

final class PrivacyTest extends Svcfm_TestCase {

	public function test_the_exporter_and_the_eraser_are_registered_with_wordpress(): void {
		Privacy::register();
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$erasers   = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$this->assertSame( array( Privacy::class, 'export' ), $exporters['svc-forms-mail']['callback'] );
		$this->assertSame( array( Privacy::class, 'erase' ), $erasers['svc-forms-mail']['callback'] );
		$this->assertNotEmpty( $exporters['svc-forms-mail']['exporter_friendly_name'] );
		$this->assertNotEmpty( $erasers['svc-forms-mail']['eraser_friendly_name'] );
	}

	public function test_export_posts_the_address_with_the_key_and_groups_what_the_service_holds(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer(
			200,
			array(
				'ok'           => true,
				'email'        => 'ann@example.org',
				'submissions'  => array(
					array(
						'id'         => 'sub-1',
						'fields'     => array( 'email' => 'ann@example.org', 'message' => 'Hi' ),
						'created_at' => '2026-01-01T10:00:00.000Z',
						'released'   => null,
					),
				),
				'emails'       => array( array( 'id' => 'log-1', 'subject' => 'Your order', 'to' => array( 'ann@example.org' ) ) ),
				'unsubscribes' => array( array( 'site_id' => 'site-1', 'email' => 'ann@example.org', 'source' => 'page' ) ),
			)
		);
		$out = Privacy::export( 'ann@example.org', 1 );
		[ $url, $args ] = WP_Stub::$requests[0];
		$this->assertSame( 'https://svc.example/api/v1/privacy/export', $url );
		$this->assertSame( 'POST', $args['method'] );
		$this->assertSame( 'svc_live_abcdefghijklmnop', $args['headers']['x-service-api-key'] );
		$this->assertSame( array( 'email' => 'ann@example.org' ), json_decode( $args['body'], true ) );
		$this->assertTrue( $out['done'] );
		$this->assertCount( 3, $out['data'] );
		$sub = $out['data'][0];
		$this->assertSame( 'svc-forms-mail-submissions', $sub['group_id'] );
		$this->assertSame( 'svc-forms-mail-submissions-sub-1', $sub['item_id'] );
		$this->assertContains( array( 'name' => 'id', 'value' => 'sub-1' ), $sub['data'] );
		$this->assertContains(
			array( 'name' => 'fields', 'value' => '{"email":"ann@example.org","message":"Hi"}' ),
			$sub['data']
		);
		$this->assertNotContains( 'released', array_column( $sub['data'], 'name' ), 'empty values are left out' );
		$this->assertSame( 'svc-forms-mail-emails', $out['data'][1]['group_id'] );
		$this->assertSame( 'svc-forms-mail-unsubscribes-0', $out['data'][2]['item_id'] );
	}

	public function test_erase_reports_what_went_and_that_a_hashed_suppression_stays(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer(
			200,
			array(
				'ok'     => true,
				'erased' => array( 'submissions' => 2, 'emails' => 1, 'suppressions' => 1, 'unsubscribes' => 0 ),
			)
		);
		$out = Privacy::erase( 'ann@example.org', 1 );
		$this->assertSame( 'https://svc.example/api/v1/privacy/erase', WP_Stub::$requests[0][0] );
		$this->assertTrue( $out['items_removed'] );
		$this->assertTrue( $out['items_retained'] );
		$this->assertCount( 1, $out['messages'] );
		$this->assertTrue( $out['done'] );
	}

	public function test_erase_with_nothing_held_removes_and_keeps_nothing(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'erased' => array( 'submissions' => 0, 'suppressions' => 0 ) ) );
		$out = Privacy::erase( 'nobody@example.org', 1 );
		$this->assertFalse( $out['items_removed'] );
		$this->assertFalse( $out['items_retained'] );
		$this->assertSame( array(), $out['messages'] );
	}

	public function test_a_refused_or_unreachable_service_is_a_wp_error_for_wordpress_to_show(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 401, array( 'error' => 'invalid_api_key' ) );
		$this->assertInstanceOf( WP_Error::class, Privacy::export( 'ann@example.org', 1 ) );
		// No answer queued: the transport fails.
		$this->assertInstanceOf( WP_Error::class, Privacy::erase( 'ann@example.org', 1 ) );
	}
}
