<?php
/**
 * The visitor's address behind trusted proxies.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Admin;
use SvcFormsMail\Forms;
use SvcFormsMail\Proxy;

final class ProxyTest extends Svcfm_TestCase {

	protected function tearDown(): void {
		foreach ( array( 'REMOTE_ADDR', 'HTTP_CF_CONNECTING_IP', 'HTTP_X_FORWARDED_FOR', 'HTTP_USER_AGENT' ) as $k ) {
			unset( $_SERVER[ $k ] );
		}
	}

	public function test_the_list_takes_addresses_and_cidr_ranges_only(): void {
		$got = Proxy::parse_list( " 10.0.0.5\n173.245.48.0/20, 2400:cb00::/32 ; [::1]\nproxy.example 10.0.0.0/33 1.2.3 10.0.0.5" );
		$this->assertSame( array( '10.0.0.5', '173.245.48.0/20', '2400:cb00::/32', '::1' ), $got['valid'] );
		$this->assertSame( array( 'proxy.example', '10.0.0.0/33', '1.2.3' ), $got['invalid'] );
	}

	public function test_membership_follows_the_prefix(): void {
		$list = array( '173.245.48.0/20', '2400:cb00::/32', '10.0.0.5' );
		$this->assertTrue( Proxy::in_list( '173.245.63.255', $list ) );
		$this->assertFalse( Proxy::in_list( '173.245.64.0', $list ) );
		$this->assertTrue( Proxy::in_list( '2400:cb00:1::9', $list ) );
		$this->assertFalse( Proxy::in_list( '2400:cb01::9', $list ) );
		$this->assertTrue( Proxy::in_list( '10.0.0.5', $list ) );
		$this->assertTrue( Proxy::in_list( '::ffff:10.0.0.5', $list ), 'an IPv4 client on an IPv6 socket' );
		$this->assertFalse( Proxy::in_list( '10.0.0.6', $list ) );
		$this->assertFalse( Proxy::in_list( 'not-an-ip', $list ) );
		$this->assertTrue( Proxy::in_list( '8.8.8.8', array( '0.0.0.0/0' ) ) );
	}

	public function test_a_header_from_a_listed_proxy_names_the_visitor(): void {
		$server = array(
			'REMOTE_ADDR'           => '173.245.48.10',
			'HTTP_CF_CONNECTING_IP' => '198.51.100.23',
		);
		$this->assertSame( '198.51.100.23', Proxy::client_ip( $server, 'CF-Connecting-IP', array( '173.245.48.0/20' ) ) );
		$this->assertSame( '173.245.48.10', Proxy::client_ip( $server, '', array( '173.245.48.0/20' ) ), 'no header chosen' );
		$this->assertSame( '173.245.48.10', Proxy::client_ip( $server, 'X-Evil', array( '173.245.48.0/20' ) ), 'a header not offered' );
		$server['HTTP_CF_CONNECTING_IP'] = 'garbage';
		$this->assertSame( '173.245.48.10', Proxy::client_ip( $server, 'CF-Connecting-IP', array( '173.245.48.0/20' ) ), 'a header without an address' );
	}

	public function test_a_header_from_an_unlisted_peer_is_never_believed(): void {
		$server = array(
			'REMOTE_ADDR'           => '203.0.113.66',
			'HTTP_CF_CONNECTING_IP' => '198.51.100.23',
			'HTTP_X_FORWARDED_FOR'  => '198.51.100.23',
		);
		$this->assertSame( '203.0.113.66', Proxy::client_ip( $server, 'CF-Connecting-IP', array( '10.0.0.0/8' ) ) );
		$this->assertSame( '203.0.113.66', Proxy::client_ip( $server, 'X-Forwarded-For', array( '10.0.0.0/8' ) ) );
		$this->assertSame( '203.0.113.66', Proxy::client_ip( $server, 'X-Forwarded-For', array() ) );
	}

	public function test_x_forwarded_for_is_read_from_the_right_past_listed_proxies(): void {
		$server = array(
			'REMOTE_ADDR'          => '10.0.0.5',
			// The visitor wrote 1.1.1.1 themselves; the CDN saw them as 198.51.100.23; 10.0.0.9 is an inner proxy.
			'HTTP_X_FORWARDED_FOR' => '1.1.1.1, 198.51.100.23:4711, 10.0.0.9',
		);
		$this->assertSame( '198.51.100.23', Proxy::client_ip( $server, 'X-Forwarded-For', array( '10.0.0.0/24' ) ) );
		$server['HTTP_X_FORWARDED_FOR'] = '[2001:db8::7]:443';
		$this->assertSame( '2001:db8::7', Proxy::client_ip( $server, 'X-Forwarded-For', array( '10.0.0.0/24' ) ) );
		$server['HTTP_X_FORWARDED_FOR'] = '198.51.100.23, bogus, 10.0.0.9';
		$this->assertSame( '10.0.0.5', Proxy::client_ip( $server, 'X-Forwarded-For', array( '10.0.0.0/24' ) ), 'a broken hop: nothing past it is trusted' );
		$server['HTTP_X_FORWARDED_FOR'] = '10.0.0.7';
		$this->assertSame( '10.0.0.5', Proxy::client_ip( $server, 'X-Forwarded-For', array( '10.0.0.0/24' ) ), 'only proxies: the connecting address' );
	}

	public function test_the_submit_body_carries_the_visitor_behind_the_proxy(): void {
		self::configure(
			array(
				'proxy_header'    => 'CF-Connecting-IP',
				'trusted_proxies' => array( '127.0.0.1' ),
			)
		);
		$_SERVER['REMOTE_ADDR']           = '127.0.0.1';
		$_SERVER['HTTP_CF_CONNECTING_IP'] = '198.51.100.23';
		$this->assertSame( array( 'ip' => '198.51.100.23' ), Forms::visitor() );
		$_SERVER['REMOTE_ADDR'] = '127.0.0.2';
		$this->assertSame( array( 'ip' => '127.0.0.2' ), Forms::visitor(), 'another peer: its own address' );
	}

	public function test_the_settings_form_keeps_valid_entries_and_names_the_rest(): void {
		$got = Admin::proxy_values(
			array(
				'proxy_header'    => 'X-Forwarded-For',
				'trusted_proxies' => "10.0.0.0/8\nnope",
			)
		);
		$this->assertSame( array( 'proxy_header' => 'X-Forwarded-For', 'trusted_proxies' => array( '10.0.0.0/8' ) ), $got['values'] );
		$this->assertSame( array( 'nope' ), $got['invalid'] );
		$this->assertSame( '', Admin::proxy_values( array( 'proxy_header' => 'Host' ) )['values']['proxy_header'] );
	}
}
