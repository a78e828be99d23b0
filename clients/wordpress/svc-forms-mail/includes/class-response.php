<?php
/**
 * One answer of the service, or the reason there was none.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * An API answer: HTTP status (0 when the service could not be reached), the
 * decoded JSON body and the headers (lowercase names).
 */
final class Response {

	/**
	 * Constructor.
	 *
	 * @param int                   $status            HTTP status, 0 when unreachable.
	 * @param array<string, mixed>  $body              Decoded JSON body (empty when none).
	 * @param array<string, string> $headers           Response headers, lowercase names.
	 * @param string                $transport_error   Why there was no answer (unreachable only).
	 */
	public function __construct(
		public readonly int $status,
		public readonly array $body = array(),
		public readonly array $headers = array(),
		public readonly string $transport_error = ''
	) {}

	/**
	 * Whether the service could not be reached (no HTTP answer at all).
	 */
	public function unreachable(): bool {
		return 0 === $this->status;
	}

	/**
	 * Whether the call succeeded: HTTP 2xx and no `ok: false` in the body.
	 */
	public function ok(): bool {
		return $this->status >= 200 && $this->status < 300 && ( $this->body['ok'] ?? true ) !== false;
	}

	/**
	 * The error code of a failed call. The spec's envelopes put it in `error`,
	 * and mail/send (and domain-status) also in `reason`; with mail/send's
	 * send_failed, `error` holds the failure text, so `reason` wins.
	 */
	public function code(): string {
		if ( $this->unreachable() ) {
			return 'unreachable';
		}
		foreach ( array( 'reason', 'error' ) as $field ) {
			if ( isset( $this->body[ $field ] ) && is_string( $this->body[ $field ] ) && '' !== $this->body[ $field ] ) {
				return $this->body[ $field ];
			}
		}
		if ( $this->status >= 300 && $this->status < 400 ) {
			return 'redirect';
		}
		return $this->ok() ? '' : 'http_' . $this->status;
	}

	/**
	 * Whether trying again later may succeed: no answer, a 5xx, a 429 or a
	 * mail/send rate_limited. 4xx answers are final.
	 */
	public function retryable(): bool {
		return $this->unreachable() || $this->status >= 500 || 429 === $this->status
			|| ( 200 === $this->status && 'rate_limited' === ( $this->body['reason'] ?? '' ) );
	}

	/**
	 * A header value ('' when missing).
	 *
	 * @param string $name Header name.
	 */
	public function header( string $name ): string {
		return $this->headers[ strtolower( $name ) ] ?? '';
	}

	/**
	 * A one-line description for logs: code, and the service's text where it has one.
	 */
	public function describe(): string {
		if ( $this->unreachable() ) {
			return 'unreachable: ' . $this->transport_error;
		}
		$code = $this->code();
		$more = array();
		if ( isset( $this->body['error'] ) && is_string( $this->body['error'] ) && $this->body['error'] !== $code ) {
			$more[] = $this->body['error'];
		}
		if ( isset( $this->body['message'] ) && is_string( $this->body['message'] ) ) {
			$more[] = $this->body['message'];
		}
		if ( isset( $this->body['details'] ) && is_array( $this->body['details'] ) ) {
			foreach ( $this->body['details'] as $d ) {
				if ( is_array( $d ) ) {
					$more[] = ( $d['field'] ?? '' ) . ': ' . ( $d['message'] ?? '' );
				}
			}
		}
		if ( isset( $this->body['filename'] ) && is_string( $this->body['filename'] ) ) {
			$more[] = $this->body['filename'];
		}
		return $more ? $code . ' (' . implode( '; ', $more ) . ')' : $code;
	}
}
