<?php
/**
 * A hung service: short timeouts, then a circuit that stops calling it for a
 * minute. The peer is a real TCP listener on loopback that accepts and never
 * answers (a frozen process), reached with cURL as WordPress does.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Client;
use SvcFormsMail\Queue;

final class CircuitTest extends Svcfm_TestCase {

	/** @var resource|null */
	private $server = null;

	protected function tearDown(): void {
		if ( $this->server ) {
			fclose( $this->server );
		}
	}

	/** A listener that never answers; returns its base URL. */
	private function hung_service(): string {
		$this->server = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $errstr );
		$this->assertNotFalse( $this->server, $errstr );
		return 'http://' . stream_socket_get_name( $this->server, false );
	}

	/** wp_remote_request's behaviour with the cURL transport: WP_Error on no answer. */
	private static function curl_transport(): callable {
		return static function ( string $url, array $args ) {
			$ch = curl_init( $url );
			curl_setopt_array(
				$ch,
				array(
					CURLOPT_CUSTOMREQUEST  => $args['method'],
					CURLOPT_RETURNTRANSFER => true,
					CURLOPT_TIMEOUT_MS     => (int) ( $args['timeout'] * 1000 ),
					CURLOPT_POSTFIELDS     => $args['body'] ?? null,
				)
			);
			$body = curl_exec( $ch );
			if ( false === $body ) {
				$error = new WP_Error( 'http_request_failed', 'cURL error ' . curl_errno( $ch ) . ': ' . curl_error( $ch ) );
				curl_close( $ch );
				return $error;
			}
			$code = (int) curl_getinfo( $ch, CURLINFO_RESPONSE_CODE );
			curl_close( $ch );
			return array(
				'response' => array( 'code' => $code ),
				'headers'  => array(),
				'body'     => $body,
			);
		};
	}

	public function test_a_timeout_opens_the_circuit_and_later_calls_return_at_once(): void {
		$client = new Client( $this->hung_service(), 'k', self::curl_transport() );
		$start  = microtime( true );
		$first  = $client->submit_form( array( 'form_id' => 1 ), 1 );
		$this->assertTrue( $first->unreachable() );
		$this->assertTrue( Client::is_timeout( $first->transport_error ), $first->transport_error );
		$this->assertGreaterThan( 0.9, microtime( true ) - $start, 'the first call waits its (short) timeout' );
		$this->assertGreaterThan( time() + 50, Client::circuit_open_until() );

		$start  = microtime( true );
		$second = $client->render_form( 'contact' );
		$this->assertLessThan( 0.05, microtime( true ) - $start, 'no call while the circuit is open' );
		$this->assertTrue( $second->retryable() );
		$this->assertStringContainsString( 'not called', $second->describe() );
	}

	public function test_the_page_and_send_paths_have_short_timeouts(): void {
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true ) );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true ) );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true ) );
		$c = new Client( 'https://svc.example', 'k' );
		$c->render_form( 'contact' );
		$c->captcha();
		$c->send_mail_json( '{}', 'key-1' );
		$this->assertSame( array( Client::PAGE_TIMEOUT, Client::PAGE_TIMEOUT, Client::SEND_TIMEOUT ), array_map( static fn( $r ) => $r[1]['timeout'], WP_Stub::$requests ) );
		$this->assertLessThanOrEqual( 3, Client::PAGE_TIMEOUT );
	}

	public function test_connect_tries_while_the_circuit_is_open_and_an_answer_closes_it(): void {
		Client::open_circuit();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'site' => array() ) );
		$this->assertTrue( ( new Client( 'https://svc.example', 'k' ) )->verify( 'https://shop.example', '1', '6.1', '8.2' )->ok() );
		$this->assertSame( 0, Client::circuit_open_until() );
	}

	public function test_a_refused_connection_does_not_open_the_circuit(): void {
		// A stopped service answers "connection refused" at once: nothing to save, and kept submissions go out as soon as it is back.
		$r = ( new Client( 'https://svc.example', 'k' ) )->captcha();
		$this->assertTrue( $r->unreachable() );
		$this->assertSame( 0, Client::circuit_open_until() );
	}

	public function test_the_settings_page_says_when_the_service_does_not_answer(): void {
		self::configure();
		set_transient( \SvcFormsMail\Notices::TRANSIENT, array( 'any_active_block' => false ), 300 );
		$this->assertSame( '', \SvcFormsMail\Admin::reachability() );
		set_transient( \SvcFormsMail\Notices::TRANSIENT, array( 'error' => 'unreachable' ), 300 );
		$this->assertStringContainsString( 'could not be reached', \SvcFormsMail\Admin::reachability() );
		Client::open_circuit();
		$this->assertStringContainsString( 'did not answer in time', \SvcFormsMail\Admin::reachability() );
	}

	public function test_a_visitor_submission_with_the_circuit_open_is_kept_at_once(): void {
		self::configure();
		Client::open_circuit();
		global $wpdb;
		$this->assertNull( Queue::submit_or_keep( array( 'form_id' => 1 ), 'hosted:contact', true ) );
		$this->assertSame( array(), WP_Stub::$requests );
		$row = array_values( $wpdb->tables['wp_svcfm_queue'] )[0];
		$this->assertSame( 'pending', $row->status );
	}
}
