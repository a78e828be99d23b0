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
	 * @param array<mixed>|null     $body    JSON body for POST.
	 * @param array<string, string> $headers Extra request headers.
	 */
	public function request( string $method, string $path, ?array $body = null, array $headers = array() ): Response {
		if ( '' === $this->base_url ) {
			return new Response( 0, array(), array(), __( 'No service URL is set.', 'svc-forms-mail' ) );
		}
		$args = array(
			'method'      => $method,
			'timeout'     => self::TIMEOUT,
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
			$args['body']                    = (string) wp_json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE );
		}
		$result = call_user_func( $this->transport, $this->url( $path ), $args );
		if ( is_wp_error( $result ) ) {
			return new Response( 0, array(), array(), $result->get_error_message() );
		}
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
			)
		);
	}

	/**
	 * POST /mail/send.
	 *
	 * @param array<string, mixed> $payload The body.
	 */
	public function send_mail( array $payload ): Response {
		return $this->request( 'POST', 'mail/send', $payload );
	}

	/**
	 * POST /forms/submit.
	 *
	 * @param array<string, mixed> $payload The body.
	 */
	public function submit_form( array $payload ): Response {
		return $this->request( 'POST', 'forms/submit', $payload );
	}

	/**
	 * GET /forms/render/{slug}, revalidating with an ETag when one is known.
	 *
	 * @param string $slug Hosted form slug.
	 * @param string $etag ETag of the cached copy.
	 */
	public function render_form( string $slug, string $etag = '' ): Response {
		return $this->request( 'GET', 'forms/render/' . rawurlencode( $slug ), null, '' !== $etag ? array( 'if-none-match' => $etag ) : array() );
	}

	/**
	 * GET /sites/captcha.
	 */
	public function captcha(): Response {
		return $this->request( 'GET', 'sites/captcha' );
	}

	/**
	 * GET /blocks/status.
	 */
	public function block_status(): Response {
		return $this->request( 'GET', 'blocks/status' );
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
