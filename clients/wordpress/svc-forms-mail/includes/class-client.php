<?php
/**
 * HTTP client of the service's /api/v1.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Calls the service with the site's API key. Every call has a 10-second
 * timeout and never throws: a failure is a Response with status 0.
 */
class Client {

	const TIMEOUT = 10;
	/** Seconds for calls a visitor's page view waits on (the form, the captcha settings). */
	const PAGE_TIMEOUT = 3;
	/** Seconds for a visitor's submission and for wp_mail(): kept or handed on after that. */
	const SEND_TIMEOUT = 5;
	/** After a timeout, the service is not called for this many seconds. */
	const CIRCUIT_SECONDS = 60;
	/** The transient that holds the time until which the circuit is open. */
	const CIRCUIT = 'svcfm_circuit';

	/**
	 * Sends the request; replaceable in tests.
	 *
	 * @var callable(string, array<string, mixed>): (array<string, mixed>|\WP_Error)
	 */
	private $transport;

	/**
	 * Constructor.
	 *
	 * @param string        $base_url  Service root (no /api/v1).
	 * @param string        $api_key   The site's API key.
	 * @param callable|null $transport Defaults to wp_remote_request.
	 */
	public function __construct( private string $base_url, private string $api_key, ?callable $transport = null ) {
		$this->transport = $transport ?? 'wp_remote_request';
	}

	/**
	 * The full address of an API path.
	 *
	 * @param string $path Path below /api/v1, e.g. "mail/send".
	 */
	public function url( string $path ): string {
		return rtrim( $this->base_url, '/' ) . '/api/v1/' . ltrim( $path, '/' );
	}

	/**
	 * One API call.
	 *
	 * @param string                $method  GET or POST.
	 * @param string                $path    Path below /api/v1.
	 * @param array<mixed>|string|null $body JSON body for POST (a string is sent as it is).
	 * @param array<string, string> $headers Extra request headers.
	 * @param int                   $timeout Seconds to wait for the answer.
	 * @param bool                  $through_circuit Whether an open circuit stops the call.
	 */
	public function request( string $method, string $path, array|string|null $body = null, array $headers = array(), int $timeout = self::TIMEOUT, bool $through_circuit = true ): Response {
		if ( '' === $this->base_url ) {
			return new Response( 0, array(), array(), __( 'No service URL is set.', 'svc-forms-mail' ) );
		}
		$open_until = $through_circuit ? self::circuit_open_until() : 0;
		if ( $open_until > 0 ) {
			/* translators: %d: seconds. */
			return new Response( 0, array(), array(), sprintf( __( 'not called: the service did not answer in time, next try in %d s', 'svc-forms-mail' ), max( 1, $open_until - time() ) ) );
		}
		$args = array(
			'method'      => $method,
			'timeout'     => $timeout,
			// A redirect would turn a POST into a GET: report it instead of following it.
			'redirection' => 0,
			'user-agent'  => 'SVC-Forms-Mail/' . ( defined( 'SVCFM_VERSION' ) ? SVCFM_VERSION : 'dev' ) . '; WordPress/' . get_bloginfo( 'version' ),
			'headers'     => array_merge(
				array(
					'x-service-api-key' => $this->api_key,
					'accept'            => 'application/json',
				),
				$headers
			),
		);
		if ( null !== $body ) {
			$args['headers']['content-type'] = 'application/json';
			$args['body']                    = is_string( $body ) ? $body : self::encode( $body );
		}
		$result = call_user_func( $this->transport, $this->url( $path ), $args );
		if ( is_wp_error( $result ) ) {
			$error = (string) $result->get_error_message();
			if ( self::is_timeout( $error ) ) {
				// A hung service: every page view would wait the full timeout, so stop calling it for a while.
				self::open_circuit();
			}
			return new Response( 0, array(), array(), $error );
		}
		// An answer, whatever it says: the service is up.
		self::close_circuit();
		$status  = (int) ( $result['response']['code'] ?? 0 );
		$headers = array();
		$raw     = $result['headers'] ?? array();
		if ( is_object( $raw ) && method_exists( $raw, 'getAll' ) ) {
			$raw = $raw->getAll();
		}
		foreach ( (array) $raw as $name => $value ) {
			$headers[ strtolower( (string) $name ) ] = is_array( $value ) ? implode( ', ', $value ) : (string) $value;
		}
		$decoded = json_decode( (string) ( $result['body'] ?? '' ), true );
		if ( 0 === $status ) {
			return new Response( 0, array(), $headers, __( 'No HTTP answer.', 'svc-forms-mail' ) );
		}
		return new Response( $status, is_array( $decoded ) ? $decoded : array(), $headers );
	}

	/**
	 * A request body as JSON, as the client sends it.
	 *
	 * @param array<mixed> $body The body.
	 */
	public static function encode( array $body ): string {
		return (string) wp_json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE );
	}

	/**
	 * Whether a transport error is a timeout (cURL error 28, or the streams transport's words).
	 *
	 * @param string $error The transport's error text.
	 */
	public static function is_timeout( string $error ): bool {
		return (bool) preg_match( '/cURL error 28|timed out|timeout/i', $error );
	}

	/**
	 * The time until which the service is not called, or 0.
	 */
	public static function circuit_open_until(): int {
		$until = (int) get_transient( self::CIRCUIT );
		return $until > time() ? $until : 0;
	}

	/**
	 * Stops calls to the service for CIRCUIT_SECONDS.
	 */
	public static function open_circuit(): void {
		set_transient( self::CIRCUIT, time() + self::CIRCUIT_SECONDS, self::CIRCUIT_SECONDS );
	}

	/**
	 * Calls the service again (after an answer, or when the admin connects).
	 */
	public static function close_circuit(): void {
		if ( false !== get_transient( self::CIRCUIT ) ) {
			delete_transient( self::CIRCUIT );
		}
	}

	/**
	 * POST /sites/verify.
	 *
	 * @param string $site_url    The site's home URL.
	 * @param string $plugin_ver  This plugin's version.
	 * @param string $wp_version  WordPress's version.
	 * @param string $php_version PHP's version.
	 */
	public function verify( string $site_url, string $plugin_ver, string $wp_version, string $php_version ): Response {
		return $this->request(
			'POST',
			'sites/verify',
			array(
				'site_url'    => $site_url,
				'plugin_ver'  => substr( $plugin_ver, 0, 20 ),
				'wp_version'  => substr( $wp_version, 0, 20 ),
				'php_version' => substr( $php_version, 0, 20 ),
			),
			array(),
			self::TIMEOUT,
			// The administrator asks on purpose: try even while page views do not.
			false
		);
	}

	/**
	 * POST /mail/send with a body already encoded and an Idempotency-Key: a
	 * mail kept after the service did not answer is sent again with the same
	 * bytes and key, so one the service took after all is not sent twice.
	 *
	 * @param string $json    The JSON body (Client::encode()).
	 * @param string $key     The Idempotency-Key.
	 * @param int    $timeout Seconds to wait (the cron job waits longer than wp_mail()).
	 */
	public function send_mail_json( string $json, string $key, int $timeout = self::SEND_TIMEOUT ): Response {
		return $this->request( 'POST', 'mail/send', $json, array( 'idempotency-key' => $key ), $timeout );
	}

	/**
	 * POST /forms/submit.
	 *
	 * @param array<string, mixed> $payload The body.
	 * @param int                  $timeout Seconds to wait (the cron job waits longer than a visitor).
	 */
	public function submit_form( array $payload, int $timeout = self::SEND_TIMEOUT ): Response {
		return $this->request( 'POST', 'forms/submit', $payload, array(), $timeout );
	}

	/**
	 * GET /forms/render/{slug}, revalidating with an ETag when one is known.
	 *
	 * @param string $slug Hosted form slug.
	 * @param string $etag ETag of the cached copy.
	 */
	public function render_form( string $slug, string $etag = '' ): Response {
		return $this->request( 'GET', 'forms/render/' . rawurlencode( $slug ), null, '' !== $etag ? array( 'if-none-match' => $etag ) : array(), self::PAGE_TIMEOUT );
	}

	/**
	 * GET /forms: the hosted forms this site can render (a service extension;
	 * an older service answers 404).
	 */
	public function list_forms(): Response {
		return $this->request( 'GET', 'forms', null, array(), self::PAGE_TIMEOUT );
	}

	/**
	 * GET /sites/captcha.
	 */
	public function captcha(): Response {
		return $this->request( 'GET', 'sites/captcha', null, array(), self::PAGE_TIMEOUT );
	}

	/**
	 * GET /blocks/status.
	 */
	public function block_status(): Response {
		return $this->request( 'GET', 'blocks/status', null, array(), self::PAGE_TIMEOUT );
	}

	/**
	 * POST /blocks/lift.
	 *
	 * @param string $kind     'ip' or 'site'.
	 * @param string $block_id Block id (kind ip).
	 */
	public function lift( string $kind, string $block_id = '' ): Response {
		$body = array( 'kind' => $kind );
		if ( 'ip' === $kind ) {
			$body['block_id'] = $block_id;
		}
		return $this->request( 'POST', 'blocks/lift', $body );
	}

	/**
	 * GET /mail/domain-status.
	 */
	public function domain_status(): Response {
		return $this->request( 'GET', 'mail/domain-status' );
	}
}
