<?php
/**
 * The HTTP client and the answers it returns.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Client;
use SvcFormsMail\Response;

final class ClientTest extends Svcfm_TestCase {

	public function test_verify_sends_the_site_url_and_versions_with_the_key_and_a_10_second_timeout(): void {
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'site' => array( 'name' => 'Shop' ) ) );
		$r                    = ( new Client( 'https://svc.example/', 'svc_live_k' ) )->verify( 'https://shop.example', '1.0.0', '6.1.9', '8.2.36-very-long-build-suffix' );
		$this->assertTrue( $r->ok() );
		[ $url, $args ] = WP_Stub::$requests[0];
		$this->assertSame( 'https://svc.example/api/v1/sites/verify', $url );
		$this->assertSame( 'POST', $args['method'] );
		$this->assertSame( 10, $args['timeout'] );
		$this->assertSame( 0, $args['redirection'] );
		$this->assertSame( 'svc_live_k', $args['headers']['x-service-api-key'] );
		$this->assertSame( 'application/json', $args['headers']['content-type'] );
		$this->assertSame(
			array(
				'site_url'    => 'https://shop.example',
				'plugin_ver'  => '1.0.0',
				'wp_version'  => '6.1.9',
				'php_version' => '8.2.36-very-long-bui',
			),
			json_decode( $args['body'], true ),
			'versions are cut to 20 characters'
		);
	}

	public function test_no_answer_is_unreachable_and_retryable(): void {
		$r = ( new Client( 'https://svc.example', 'k' ) )->block_status();
		$this->assertTrue( $r->unreachable() );
		$this->assertSame( 'unreachable', $r->code() );
		$this->assertTrue( $r->retryable() );
		$this->assertStringContainsString( 'Failed to connect', $r->describe() );
	}

	public function test_no_service_url_makes_no_request(): void {
		$r = ( new Client( '', 'k' ) )->captcha();
		$this->assertTrue( $r->unreachable() );
		$this->assertSame( array(), WP_Stub::$requests );
	}

	public function test_render_revalidates_with_the_etag(): void {
		WP_Stub::$responses[] = self::answer( 304, array(), array( 'Cache-Control' => 'public, max-age=60' ) );
		$r                    = ( new Client( 'https://svc.example', 'k' ) )->render_form( 'contact', '"abc"' );
		$this->assertSame( 304, $r->status );
		$this->assertSame( '"abc"', WP_Stub::$requests[0][1]['headers']['if-none-match'] );
		$this->assertSame( 'public, max-age=60', $r->header( 'cache-control' ) );
		$this->assertStringEndsWith( '/api/v1/forms/render/contact', WP_Stub::$requests[0][0] );
	}

	public function test_lift_sends_block_id_only_for_ip(): void {
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'lifted' => 'site' ) );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'lifted' => 'ip' ) );
		$c                    = new Client( 'https://svc.example', 'k' );
		$c->lift( 'site', 'ignored' );
		$c->lift( 'ip', 'b1' );
		$this->assertSame( array( 'kind' => 'site' ), json_decode( WP_Stub::$requests[0][1]['body'], true ) );
		$this->assertSame( array( 'kind' => 'ip', 'block_id' => 'b1' ), json_decode( WP_Stub::$requests[1][1]['body'], true ) );
	}

	public function test_error_codes_of_every_envelope(): void {
		// forms/submit, sites/*: {error}
		$this->assertSame( 'invalid_api_key', ( new Response( 401, array( 'error' => 'invalid_api_key' ) ) )->code() );
		// mail/send send_failed: reason is the code, error the text.
		$send = new Response( 200, array( 'ok' => false, 'sent' => false, 'reason' => 'send_failed', 'error' => 'all_recipients_suppressed' ) );
		$this->assertFalse( $send->ok() );
		$this->assertSame( 'send_failed', $send->code() );
		$this->assertSame( 'send_failed (all_recipients_suppressed)', $send->describe() );
		$this->assertFalse( $send->retryable() );
		// mail/send rate_limited comes with HTTP 200 and may succeed later.
		$this->assertTrue( ( new Response( 200, array( 'ok' => false, 'reason' => 'rate_limited', 'error' => 'rate_limited' ) ) )->retryable() );
		$this->assertTrue( ( new Response( 503, array() ) )->retryable() );
		$this->assertTrue( ( new Response( 429, array( 'error' => 'rate_limited' ) ) )->retryable() );
		$this->assertFalse( ( new Response( 400, array( 'error' => 'no_notify_email_configured' ) ) )->retryable() );
		$this->assertSame( 'invalid_payload (fields.email: must be a string)', ( new Response( 400, array( 'error' => 'invalid_payload', 'details' => array( array( 'field' => 'fields.email', 'message' => 'must be a string' ) ) ) ) )->describe() );
		$this->assertSame( 'redirect', ( new Response( 301, array() ) )->code() );
		// A 200 without ok (forms/render) is a success.
		$this->assertTrue( ( new Response( 200, array( 'form' => array() ) ) )->ok() );
	}
}
