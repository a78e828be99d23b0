<?php
/**
 * Reads a Cache-Control header.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * The parts of Cache-Control a private cache of rendered forms needs.
 */
final class Cache_Control {

	/**
	 * Seconds the answer is fresh, seconds it may be served stale while it is
	 * refreshed, and whether it may be stored at all.
	 *
	 * @param string $header The header value.
	 * @return array{max_age: int, swr: int, store: bool}
	 */
	public static function parse( string $header ): array {
		$out = array(
			'max_age' => 0,
			'swr'     => 0,
			'store'   => true,
		);
		foreach ( explode( ',', strtolower( $header ) ) as $part ) {
			$part = trim( $part );
			if ( 'no-store' === $part ) {
				$out['store'] = false;
			} elseif ( 'no-cache' === $part ) {
				$out['max_age'] = 0;
			} elseif ( preg_match( '/^max-age\s*=\s*"?(\d+)"?$/', $part, $m ) ) {
				$out['max_age'] = (int) $m[1];
			} elseif ( preg_match( '/^stale-while-revalidate\s*=\s*"?(\d+)"?$/', $part, $m ) ) {
				$out['swr'] = (int) $m[1];
			}
		}
		if ( ! $out['store'] ) {
			$out['max_age'] = 0;
			$out['swr']     = 0;
		}
		return $out;
	}
}
