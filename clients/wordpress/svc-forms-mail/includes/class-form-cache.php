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
 * A cache of hosted forms in transients: fresh for max-age; after that the
 * last good copy is still what the page shows while a refresh runs in the
 * background (a loopback request, or after the answer is sent under
 * PHP-FPM), so a slow or hung service never makes a visitor wait for a form
 * the site has already seen. The copy is kept for a week past its last
 * confirmation, also across Connect and settings saves (they mark copies for
 * a refresh instead of dropping them).
 */
final class Form_Cache {

	const LAST_RESORT = WEEK_IN_SECONDS;
	const GENERATION  = 'svcfm_form_cache_gen';
	/** Seconds a failed fetch (with no copy to show) is not tried again: visitors do not all wait for a timeout. */
	const FAILURE_TTL = 60;
	/** Seconds one refresh of a slug may take before another may start. */
	const REFRESH_LOCK = 30;
	/** The admin-ajax.php action of the loopback refresh. */
	const AJAX = 'svcfm_refresh_form';
	/** The refresh "slug" of the captcha settings (no form slug has an underscore). */
	const CAPTCHA = '_captcha';
	/** The option listing the forms this site has shown (the block's list). */
	const KNOWN = 'svcfm_known_forms';

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
		return 'svcfm_form_' . md5( 'copy|' . $slug );
	}

	/**
	 * The current generation: flush() raises it, and copies of an older one are refreshed at their next view.
	 */
	private static function generation(): int {
		return (int) get_option( self::GENERATION, 1 );
	}

	/**
	 * The key of a recent failure to fetch a slug (no copy to show).
	 *
	 * @param string $slug Slug.
	 */
	private static function failure_key( string $slug ): string {
		return 'svcfm_formfail_' . md5( self::generation() . '|' . $slug );
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
			$age     = $now - (int) $entry['fetched'];
			$current = (int) ( $entry['gen'] ?? 0 ) === self::generation();
			if ( $current && $age < (int) $entry['max_age'] ) {
				return array(
					'form'  => $entry['form'],
					'error' => '',
				);
			}
			// Stale (or from before a Connect): shown now, refreshed in the background.
			self::refresh_later( $slug );
			return array(
				'form'  => $entry['form'],
				'error' => '',
			);
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
			$entry['gen']     = self::generation();
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
			self::remember( $slug, (string) ( $form['name'] ?? $slug ) );
			if ( $cc['store'] ) {
				set_transient(
					self::key( $slug ),
					array(
						'form'    => $form,
						'gen'     => self::generation(),
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
			// The form is gone (or never was): the service's answer wins over any
			// copy, and is remembered for a minute like a failure.
			delete_transient( self::key( $slug ) );
			set_transient( self::failure_key( $slug ), $response->code(), self::FAILURE_TTL );
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
	 * Refreshes a slug without making this visitor wait: under PHP-FPM after
	 * the answer is sent; elsewhere in a loopback request this one does not
	 * wait for (as WordPress starts WP-Cron). One refresh per slug at a time.
	 *
	 * @param string $slug Slug.
	 */
	private static function refresh_later( string $slug ): void {
		if ( isset( self::$refresh[ $slug ] ) || Client::circuit_open_until() > 0 || get_transient( self::refresh_lock( $slug ) ) ) {
			return;
		}
		set_transient( self::refresh_lock( $slug ), 1, self::REFRESH_LOCK );
		if ( ! function_exists( 'fastcgi_finish_request' ) && self::spawn( $slug ) ) {
			return;
		}
		if ( ! self::$refresh ) {
			add_action( 'shutdown', array( self::class, 'refresh_now' ), 100 );
		}
		self::$refresh[ $slug ] = true;
	}

	/**
	 * Notes a form the service rendered, for the block's list of forms when
	 * the service cannot list them (an older service, or not answering).
	 *
	 * @param string $slug Slug.
	 * @param string $name The form's name.
	 */
	private static function remember( string $slug, string $name ): void {
		$known = self::known();
		if ( ( $known[ $slug ] ?? null ) === $name ) {
			return;
		}
		$known[ $slug ] = mb_substr( $name, 0, 200 );
		ksort( $known );
		update_option( self::KNOWN, array_slice( $known, 0, 100, true ), false );
	}

	/**
	 * The forms this site has shown: slug => name.
	 *
	 * @return array<string, string>
	 */
	public static function known(): array {
		$known = get_option( self::KNOWN, array() );
		return is_array( $known ) ? $known : array();
	}

	/**
	 * The forms the block offers, slug => name: the service's list of the
	 * site's forms (GET /forms, kept for five minutes and after a settings
	 * save asked again); the forms this site has shown when the service cannot
	 * say (an older service, a timeout, the circuit open).
	 *
	 * @return array<string, string>
	 */
	public static function available(): array {
		$cache = 'svcfm_forms_list_' . self::generation();
		$list  = get_transient( $cache );
		if ( is_array( $list ) ) {
			return $list;
		}
		if ( ! Settings::is_configured() ) {
			return self::known();
		}
		$response = Settings::client()->list_forms();
		$forms    = $response->ok() ? ( $response->body['forms'] ?? null ) : null;
		if ( ! is_array( $forms ) ) {
			return self::known();
		}
		$list = array();
		foreach ( $forms as $form ) {
			$slug = is_array( $form ) ? (string) ( $form['slug'] ?? '' ) : '';
			if ( preg_match( '/^[a-z0-9-]{1,100}$/', $slug ) ) {
				$list[ $slug ] = mb_substr( (string) ( $form['name'] ?? $slug ), 0, 200 );
			}
		}
		set_transient( $cache, $list, 300 );
		return $list;
	}

	/**
	 * Refreshes the captcha settings without making this visitor wait.
	 */
	public static function refresh_captcha_later(): void {
		self::refresh_later( self::CAPTCHA );
	}

	/**
	 * The lock that keeps a slug to one refresh at a time.
	 *
	 * @param string $slug Slug.
	 */
	private static function refresh_lock( string $slug ): string {
		return 'svcfm_formref_' . md5( $slug );
	}

	/**
	 * The signature of a loopback refresh (so that strangers cannot start refreshes).
	 *
	 * @param string $slug Slug.
	 */
	public static function signature( string $slug ): string {
		return hash_hmac( 'sha256', 'svcfm-refresh|' . $slug, wp_salt( 'nonce' ) );
	}

	/**
	 * Starts the loopback refresh; false when it could not be started.
	 *
	 * The request is written to this same server (the address and port this
	 * request came in on, so no DNS or proxy is involved) and the socket is
	 * closed at once: WordPress's non-blocking HTTP call would still wait up
	 * to a second for an answer, which is the wait this avoids.
	 *
	 * @param string $slug Slug.
	 */
	private static function spawn( string $slug ): bool {
		$body = http_build_query(
			array(
				'action' => self::AJAX,
				'slug'   => $slug,
				'sig'    => self::signature( $slug ),
			)
		);
		$url  = admin_url( 'admin-ajax.php' );
		$port = isset( $_SERVER['SERVER_PORT'] ) ? absint( $_SERVER['SERVER_PORT'] ) : 0;
		// PHP's built-in server sets no SERVER_ADDR: it listens on this machine.
		$addr = isset( $_SERVER['SERVER_ADDR'] ) ? sanitize_text_field( wp_unslash( (string) $_SERVER['SERVER_ADDR'] ) ) : ( $port > 0 ? '127.0.0.1' : '' );
		if ( false === filter_var( $addr, FILTER_VALIDATE_IP ) || $port <= 0 ) {
			// Not a web request (WP-CLI, cron): WordPress's own loopback call.
			$result = wp_remote_post(
				$url,
				array(
					'blocking'  => false,
					'timeout'   => 0.01,
					'sslverify' => false,
					'body'      => $body,
				)
			);
			return ! is_wp_error( $result );
		}
		$parts  = wp_parse_url( $url );
		$host   = (string) ( $parts['host'] ?? '' ) . ( isset( $parts['port'] ) ? ':' . (int) $parts['port'] : '' );
		$path   = (string) ( $parts['path'] ?? '/wp-admin/admin-ajax.php' );
		$target = ( is_ssl() ? 'tls://' : 'tcp://' ) . ( str_contains( $addr, ':' ) ? '[' . $addr . ']' : $addr ) . ':' . $port;
		// This server's own certificate need not name its address.
		$context = stream_context_create(
			array(
				'ssl' => array(
					'verify_peer'      => false,
					'verify_peer_name' => false,
				),
			)
		);
		$socket  = @stream_socket_client( $target, $errno, $errstr, 0.5, STREAM_CLIENT_CONNECT, $context ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a refused loopback falls back to the shutdown refresh.
		if ( false === $socket ) {
			return false;
		}
		$request = "POST {$path} HTTP/1.1\r\nHost: {$host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " . strlen( $body ) . "\r\nConnection: close\r\n\r\n" . $body;
		$written = fwrite( $socket, $request ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- a socket.
		fclose( $socket ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a socket.
		return strlen( $request ) === $written;
	}

	/**
	 * The loopback request's handler (admin-ajax.php, no login).
	 */
	public static function ajax_refresh(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- signed with the site's salt instead (nonces are per user).
		$slug = isset( $_POST['slug'] ) ? sanitize_key( wp_unslash( $_POST['slug'] ) ) : '';
		$sig  = isset( $_POST['sig'] ) ? sanitize_text_field( wp_unslash( $_POST['sig'] ) ) : '';
		// phpcs:enable
		if ( '' !== $slug && hash_equals( self::signature( $slug ), $sig ) ) {
			// The caller has hung up already: finish the refresh anyway.
			ignore_user_abort( true );
			self::$refresh[ $slug ] = true;
			self::refresh_now();
		}
		wp_die( '', '', array( 'response' => 204 ) );
	}

	/**
	 * Fetches the slugs waiting for a refresh.
	 */
	public static function refresh_now(): void {
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		foreach ( array_keys( self::$refresh ) as $slug ) {
			if ( self::CAPTCHA === $slug ) {
				Captcha::fetch();
			} else {
				$entry = get_transient( self::key( $slug ) );
				self::fetch( $slug, is_array( $entry ) ? $entry : null, time() );
			}
			delete_transient( self::refresh_lock( $slug ) );
		}
		self::$refresh = array();
	}

	/**
	 * Marks every cached form for a refresh and forgets failures (Connect,
	 * another service or key). The copies stay: they are what visitors see
	 * if the service does not answer the refresh.
	 */
	public static function flush(): void {
		update_option( self::GENERATION, self::generation() + 1, false );
	}
}
