<?php
/**
 * The visitor's real IP address behind a CDN or reverse proxy.
 *
 * Behind a proxy every visitor has the proxy's address in REMOTE_ADDR, so
 * the service's per-IP limit (more than 3 submissions a minute) would turn
 * away real people. A header is believed only when the request comes from a
 * listed proxy: anyone else could write any address into it.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Trusted-proxy settings and the client address they give.
 */
final class Proxy {

	/** The headers a setting may name (HTTP header => $_SERVER key). */
	const HEADERS = array(
		'CF-Connecting-IP' => 'HTTP_CF_CONNECTING_IP',
		'X-Forwarded-For'  => 'HTTP_X_FORWARDED_FOR',
		'X-Real-IP'        => 'HTTP_X_REAL_IP',
		'True-Client-IP'   => 'HTTP_TRUE_CLIENT_IP',
	);

	/** At most this many proxy entries are kept. */
	const MAX_PROXIES = 100;

	/**
	 * Normalises the typed list of proxies: IP addresses and CIDR ranges,
	 * separated by commas, spaces or new lines. Returns the valid entries
	 * and the rejected ones.
	 *
	 * @param string $text What the administrator typed.
	 * @return array{valid: string[], invalid: string[]}
	 */
	public static function parse_list( string $text ): array {
		$valid   = array();
		$invalid = array();
		foreach ( preg_split( '/[\s,;]+/', $text, -1, PREG_SPLIT_NO_EMPTY ) as $entry ) {
			$entry = strtolower( trim( $entry, " \t[]" ) );
			if ( null !== self::range( $entry ) ) {
				$valid[] = $entry;
			} else {
				$invalid[] = $entry;
			}
		}
		return array(
			'valid'   => array_slice( array_values( array_unique( $valid ) ), 0, self::MAX_PROXIES ),
			'invalid' => $invalid,
		);
	}

	/**
	 * An entry as a packed network address and prefix length, or null.
	 *
	 * @param string $entry An IP address or CIDR range.
	 * @return array{0: string, 1: int}|null
	 */
	private static function range( string $entry ): ?array {
		$parts = explode( '/', $entry, 2 );
		if ( false === filter_var( $parts[0], FILTER_VALIDATE_IP ) ) {
			return null;
		}
		$packed = (string) inet_pton( $parts[0] );
		$max    = strlen( $packed ) * 8;
		if ( ! isset( $parts[1] ) ) {
			return array( $packed, $max );
		}
		if ( ! preg_match( '/^\d{1,3}$/', $parts[1] ) || (int) $parts[1] > $max ) {
			return null;
		}
		return array( $packed, (int) $parts[1] );
	}

	/**
	 * Whether an address is inside one of the entries.
	 *
	 * @param string   $ip      An IP address.
	 * @param string[] $proxies Entries from parse_list().
	 */
	public static function in_list( string $ip, array $proxies ): bool {
		if ( false === filter_var( $ip, FILTER_VALIDATE_IP ) ) {
			return false;
		}
		$packed = (string) inet_pton( $ip );
		// An IPv4 client seen by an IPv6 socket (::ffff:203.0.113.9) is the IPv4 address.
		if ( 16 === strlen( $packed ) && str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			$packed = substr( $packed, 12 );
		}
		foreach ( $proxies as $entry ) {
			$range = self::range( (string) $entry );
			if ( null === $range || strlen( $range[0] ) !== strlen( $packed ) ) {
				continue;
			}
			$bytes = intdiv( $range[1], 8 );
			$bits  = $range[1] % 8;
			if ( substr( $packed, 0, $bytes ) !== substr( $range[0], 0, $bytes ) ) {
				continue;
			}
			if ( 0 === $bits ) {
				return true;
			}
			$mask = ( 0xff << ( 8 - $bits ) ) & 0xff;
			if ( ( ord( $packed[ $bytes ] ) & $mask ) === ( ord( $range[0][ $bytes ] ) & $mask ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The visitor's address: REMOTE_ADDR, or the named header's address when
	 * REMOTE_ADDR is a listed proxy. X-Forwarded-For is read from the right,
	 * skipping listed proxies, so that an address the visitor wrote into the
	 * header themselves is never taken.
	 *
	 * @param array<string, mixed> $server  $_SERVER (unslashed).
	 * @param string               $header  One of HEADERS' keys, or '' for none.
	 * @param string[]             $proxies Trusted proxies (addresses, CIDR ranges).
	 */
	public static function client_ip( array $server, string $header, array $proxies ): string {
		$remote = trim( (string) ( $server['REMOTE_ADDR'] ?? '' ) );
		if ( false === filter_var( $remote, FILTER_VALIDATE_IP ) ) {
			return '';
		}
		if ( ! isset( self::HEADERS[ $header ] ) || ! self::in_list( $remote, $proxies ) ) {
			return $remote;
		}
		$value = (string) ( $server[ self::HEADERS[ $header ] ] ?? '' );
		if ( 'X-Forwarded-For' !== $header ) {
			$ip = self::clean( $value );
			return '' !== $ip ? $ip : $remote;
		}
		$hops = array_reverse( explode( ',', $value ) );
		foreach ( $hops as $hop ) {
			$ip = self::clean( $hop );
			if ( '' === $ip ) {
				// A malformed hop: nothing left of it can be trusted.
				return $remote;
			}
			if ( ! self::in_list( $ip, $proxies ) ) {
				return $ip;
			}
		}
		return $remote;
	}

	/**
	 * One address from a header value (an IPv4 port or IPv6 brackets removed), or ''.
	 *
	 * @param string $value A header value or one hop of it.
	 */
	private static function clean( string $value ): string {
		$value = trim( $value );
		if ( preg_match( '/^\[([0-9a-f:.]+)\](?::\d+)?$/i', $value, $m ) ) {
			$value = $m[1];
		} elseif ( preg_match( '/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/', $value, $m ) ) {
			$value = $m[1];
		}
		return false !== filter_var( $value, FILTER_VALIDATE_IP ) ? $value : '';
	}

	/**
	 * The visitor's address with the saved settings.
	 */
	public static function visitor_ip(): string {
		$server = array();
		foreach ( array_merge( array( 'REMOTE_ADDR' ), array_values( self::HEADERS ) ) as $key ) {
			if ( isset( $_SERVER[ $key ] ) ) {
				$server[ $key ] = sanitize_text_field( wp_unslash( (string) $_SERVER[ $key ] ) ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotValidated -- checked with filter_var in client_ip().
			}
		}
		$proxies = Settings::get( 'trusted_proxies' );
		return self::client_ip( $server, (string) Settings::get( 'proxy_header' ), is_array( $proxies ) ? $proxies : array() );
	}
}
