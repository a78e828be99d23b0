<?php
/**
 * Hosted form definitions (GET /forms/render/{slug}), cached as their
 * Cache-Control allows.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * A cache of hosted forms in transients: fresh for max-age, served stale for
 * stale-while-revalidate while a refresh runs after the page, and kept as a
 * last resort for a week so that a page still shows its form while the
 * service is down.
 */
final class Form_Cache {

	const LAST_RESORT = WEEK_IN_SECONDS;
	const GENERATION  = 'svcfm_form_cache_gen';
	/** Seconds a failed fetch (with no copy to show) is not tried again: visitors do not all wait for a timeout. */
	const FAILURE_TTL = 60;

	/**
	 * Slugs to refresh after the page is sent.
	 *
	 * @var array<string, true>
	 */
	private static array $refresh = array();

	/**
	 * The cache key of a slug.
	 *
	 * @param string $slug Slug.
	 */
	private static function key( string $slug ): string {
		// The generation makes flush() work with any transient store (options or an object cache).
		return 'svcfm_form_' . md5( (int) get_option( self::GENERATION, 1 ) . '|' . $slug );
	}

	/**
	 * The key of a recent failure to fetch a slug (no copy to show).
	 *
	 * @param string $slug Slug.
	 */
	private static function failure_key( string $slug ): string {
		return 'svcfm_formfail_' . md5( (int) get_option( self::GENERATION, 1 ) . '|' . $slug );
	}

	/**
	 * The form, or an error code (form_not_found, form_archived, invalid_slug,
	 * unreachable, ...).
	 *
	 * @param string   $slug Slug.
	 * @param int|null $now  Current time (tests).
	 * @return array{form: array<string, mixed>|null, error: string}
	 */
	public static function get( string $slug, ?int $now = null ): array {
		$now = $now ?? time();
		if ( ! preg_match( '/^[a-z0-9-]{1,100}$/', $slug ) ) {
			return array(
				'form'  => null,
				'error' => 'invalid_slug',
			);
		}
		$entry = get_transient( self::key( $slug ) );
		if ( is_array( $entry ) && isset( $entry['form'] ) ) {
			$age = $now - (int) $entry['fetched'];
			if ( $age < (int) $entry['max_age'] ) {
				return array(
					'form'  => $entry['form'],
					'error' => '',
				);
			}
			if ( $age < (int) $entry['max_age'] + (int) $entry['swr'] ) {
				self::refresh_later( $slug );
				return array(
					'form'  => $entry['form'],
					'error' => '',
				);
			}
		}
		if ( ! is_array( $entry ) ) {
			$failed = get_transient( self::failure_key( $slug ) );
			if ( is_string( $failed ) && '' !== $failed ) {
				return array(
					'form'  => null,
					'error' => $failed,
				);
			}
		}
		return self::fetch( $slug, is_array( $entry ) ? $entry : null, $now );
	}

	/**
	 * Asks the service (with the cached ETag) and stores the answer.
	 *
	 * @param string                    $slug  Slug.
	 * @param array<string, mixed>|null $entry The cached entry.
	 * @param int                       $now   Current time.
	 * @return array{form: array<string, mixed>|null, error: string}
	 */
	public static function fetch( string $slug, ?array $entry, int $now ): array {
		$response = Settings::client()->render_form( $slug, (string) ( $entry['etag'] ?? '' ) );
		$cc       = Cache_Control::parse( $response->header( 'cache-control' ) );
		if ( 304 === $response->status && $entry ) {
			$entry['fetched'] = $now;
			$entry['max_age'] = $cc['max_age'];
			$entry['swr']     = $cc['swr'];
			set_transient( self::key( $slug ), $entry, self::LAST_RESORT );
			return array(
				'form'  => $entry['form'],
				'error' => '',
			);
		}
		if ( $response->ok() && isset( $response->body['form'] ) && is_array( $response->body['form'] ) ) {
			$form = $response->body['form'];
			if ( $cc['store'] ) {
				set_transient(
					self::key( $slug ),
					array(
						'form'    => $form,
						'etag'    => $response->header( 'etag' ),
						'fetched' => $now,
						'max_age' => $cc['max_age'],
						'swr'     => $cc['swr'],
					),
					self::LAST_RESORT
				);
			}
			return array(
				'form'  => $form,
				'error' => '',
			);
		}
		if ( in_array( $response->status, array( 400, 404, 410 ), true ) ) {
			// The form is gone (or never was): the service's answer wins over any copy.
			delete_transient( self::key( $slug ) );
			return array(
				'form'  => null,
				'error' => $response->code(),
			);
		}
		if ( $entry && isset( $entry['form'] ) ) {
			return array(
				'form'  => $entry['form'],
				'error' => '',
			);
		}
		if ( $response->retryable() ) {
			set_transient( self::failure_key( $slug ), $response->code(), self::FAILURE_TTL );
		}
		return array(
			'form'  => null,
			'error' => $response->code(),
		);
	}

	/**
	 * Refreshes a stale form once the page has been sent.
	 *
	 * @param string $slug Slug.
	 */
	private static function refresh_later( string $slug ): void {
		if ( ! self::$refresh ) {
			add_action( 'shutdown', array( self::class, 'refresh_now' ), 100 );
		}
		self::$refresh[ $slug ] = true;
	}

	/**
	 * The shutdown job of refresh_later().
	 */
	public static function refresh_now(): void {
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		foreach ( array_keys( self::$refresh ) as $slug ) {
			$entry = get_transient( self::key( $slug ) );
			self::fetch( $slug, is_array( $entry ) ? $entry : null, time() );
		}
		self::$refresh = array();
	}

	/**
	 * Forgets every cached form (Connect, settings change).
	 */
	public static function flush(): void {
		// Old entries are no longer read and expire on their own.
		update_option( self::GENERATION, (int) get_option( self::GENERATION, 1 ) + 1, false );
	}
}
