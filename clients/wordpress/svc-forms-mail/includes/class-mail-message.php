<?php
/**
 * Turns wp_mail()'s arguments into a POST /mail/send body.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * wp_mail() arguments -> POST /mail/send body, within the spec's limits.
 */
final class Mail_Message {

	const MAX_RECIPIENTS       = 50;
	const MAX_ATTACHMENTS      = 20;
	const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
	const MAX_SUBJECT          = 500;
	const MAX_BODY             = 500000;
	const MAX_HEADER_VALUE     = 2000;

	/**
	 * Headers the service sets itself (it drops them anyway); they are read
	 * here and turned into fields, the rest are passed through.
	 */
	const OWN_HEADERS = array( 'from', 'cc', 'bcc', 'reply-to', 'content-type', 'to', 'subject', 'mime-version', 'content-transfer-encoding', 'sender', 'return-path', 'message-id', 'date' );

	/**
	 * Builds the body. Throws Mail_Error when the mail cannot be expressed
	 * within the API's limits (too many recipients, attachments too large,
	 * an unreadable attachment).
	 *
	 * @param array<string, mixed> $atts          wp_mail()'s to, subject, message, headers, attachments.
	 * @param string               $source_plugin Who sent it ('' = unknown).
	 * @return array<string, mixed>
	 * @throws Mail_Error When the message does not fit the API.
	 */
	public static function build( array $atts, string $source_plugin = '' ): array {
		$headers = self::parse_headers( $atts['headers'] ?? array() );

		$to = self::address_list( $atts['to'] ?? array() );
		if ( ! $to ) {
			throw new Mail_Error( 'no_recipient', __( 'The email has no valid recipient.', 'svc-forms-mail' ) );
		}
		foreach ( array( 'to' => $to, 'cc' => $headers['cc'], 'bcc' => $headers['bcc'], 'reply_to' => $headers['reply_to'] ) as $field => $list ) {
			if ( count( $list ) > self::MAX_RECIPIENTS ) {
				/* translators: 1: a field such as "to", 2: the limit. */
				throw new Mail_Error( 'too_many_recipients', sprintf( __( 'The service takes at most %2$d addresses in %1$s.', 'svc-forms-mail' ), $field, self::MAX_RECIPIENTS ) );
			}
		}

		$payload = array( 'to' => count( $to ) === 1 ? $to[0] : $to );

		$subject = trim( str_replace( array( "\r", "\n" ), ' ', (string) ( $atts['subject'] ?? '' ) ) );
		if ( '' !== $subject ) {
			$payload['subject'] = mb_substr( $subject, 0, self::MAX_SUBJECT );
		}

		// Content type: the header, then WordPress's filter, as wp_mail() does.
		$content_type = apply_filters( 'wp_mail_content_type', $headers['content_type'] ?? 'text/plain' );
		$message      = (string) ( $atts['message'] ?? '' );
		// The API takes UTF-8 (JSON): a message in another declared charset is converted.
		$charset = strtoupper( (string) ( $headers['charset'] ?? '' ) );
		if ( '' !== $charset && 'UTF-8' !== $charset && 'UTF8' !== $charset && in_array( $charset, array_map( 'strtoupper', mb_list_encodings() ), true ) ) {
			$message = (string) mb_convert_encoding( $message, 'UTF-8', $charset );
		}
		if ( mb_strlen( $message ) > self::MAX_BODY ) {
			throw new Mail_Error( 'body_too_large', __( 'The email body is longer than the service accepts (500,000 characters).', 'svc-forms-mail' ) );
		}
		if ( 'text/html' === strtolower( trim( (string) $content_type ) ) ) {
			$payload['html'] = $message;
		} else {
			$payload['text'] = $message;
		}

		foreach ( array( 'cc', 'bcc', 'reply_to' ) as $field ) {
			if ( $headers[ $field ] ) {
				$payload[ $field ] = $headers[ $field ];
			}
		}

		// The same sender in both mail modes (sender()): the service uses the
		// name; the address becomes original_from, which is the Reply-To in
		// relay mode when the email names none.
		$sender = self::sender( $headers['from_name'], $headers['from_address'] );
		if ( '' !== $sender['name'] ) {
			$payload['from'] = array( 'name' => mb_substr( $sender['name'], 0, 200 ) );
		}
		if ( '' !== $sender['address'] && ! isset( $payload['reply_to'] ) ) {
			$payload['original_from'] = $sender['address'];
		}

		// Account mail: mail/send's flag, not a header passed on.
		if ( Account_Mail::is_account_mail( $headers['custom'], $atts ) ) {
			$payload['account_mail'] = true;
		}
		foreach ( array_keys( $headers['custom'] ) as $name ) {
			if ( 0 === strcasecmp( (string) $name, Account_Mail::HEADER ) ) {
				unset( $headers['custom'][ $name ] );
			}
		}
		if ( $headers['custom'] ) {
			$payload['headers'] = $headers['custom'];
		}
		if ( '' !== $source_plugin ) {
			$payload['source_plugin'] = mb_substr( $source_plugin, 0, 120 );
		}

		$attachments = self::attachments( $atts['attachments'] ?? array() );
		if ( $attachments ) {
			$payload['attachments'] = $attachments;
		}
		return $payload;
	}

	/**
	 * The email's sender as both mail modes send it: the From header's name
	 * and address (WordPress's defaults without one), passed through the
	 * wp_mail_from_name and wp_mail_from filters as wp_mail() itself does
	 * (the SMTP mode gets them from wp_mail()). WordPress's own default address,
	 * wordpress@<host>, usually has no mailbox behind it, so then the site's
	 * administration email is the address replies go to. A name of
	 * "WordPress" (the default) is left to the service (the site's From name).
	 *
	 * @param string $from_name    The From header's name ('' when none).
	 * @param string $from_address The From header's address ('' when none).
	 * @return array{name: string, address: string}
	 */
	public static function sender( string $from_name, string $from_address ): array {
		$default = 'wordpress@' . self::site_host();
		$address = (string) apply_filters( 'wp_mail_from', '' !== $from_address ? $from_address : $default );
		$name    = (string) apply_filters( 'wp_mail_from_name', '' !== $from_name ? $from_name : 'WordPress' );
		return self::reply_sender( $name, $address );
	}

	/**
	 * The sender after the filters: WordPress's default name is left to the
	 * service, WordPress's default address becomes the administration email.
	 *
	 * @param string $name    The From name wp_mail() would use.
	 * @param string $address The From address wp_mail() would use.
	 * @return array{name: string, address: string}
	 */
	public static function reply_sender( string $name, string $address ): array {
		if ( strtolower( $address ) === 'wordpress@' . self::site_host() || ! is_email( $address ) ) {
			$address = (string) get_option( 'admin_email', '' );
		}
		$name = trim( str_replace( array( "\r", "\n" ), ' ', $name ) );
		return array(
			'name'    => 'WordPress' === $name ? '' : $name,
			'address' => is_email( $address ) ? $address : '',
		);
	}

	/**
	 * The host wp_mail() builds its default From address from.
	 */
	private static function site_host(): string {
		$host = strtolower( (string) wp_parse_url( network_home_url(), PHP_URL_HOST ) );
		return str_starts_with( $host, 'www.' ) ? substr( $host, 4 ) : $host;
	}

	/**
	 * Reads wp_mail()'s headers (a string with one header a line, or an array
	 * of lines), the way wp_mail() does.
	 *
	 * @param string|array<int|string, string> $headers The headers.
	 * @return array{from_name: string, from_address: string, cc: string[], bcc: string[], reply_to: string[], content_type: string|null, charset: string|null, custom: array<string, string>}
	 */
	public static function parse_headers( $headers ): array {
		$out = array(
			'from_name'    => '',
			'from_address' => '',
			'cc'           => array(),
			'bcc'          => array(),
			'reply_to'     => array(),
			'content_type' => null,
			'charset'      => null,
			'custom'       => array(),
		);
		if ( is_string( $headers ) ) {
			$headers = explode( "\n", str_replace( "\r\n", "\n", $headers ) );
		}
		if ( ! is_array( $headers ) ) {
			return $out;
		}
		foreach ( $headers as $key => $line ) {
			// An associative array ('Reply-To' => 'a@b') is accepted too.
			if ( is_string( $key ) && ! str_contains( (string) $line, ':' ) ) {
				$line = $key . ': ' . $line;
			}
			$line = trim( (string) $line );
			if ( '' === $line || ! str_contains( $line, ':' ) ) {
				continue;
			}
			[ $name, $value ] = explode( ':', $line, 2 );
			$name             = trim( $name );
			$value            = trim( $value );
			$lower            = strtolower( $name );
			switch ( $lower ) {
				case 'from':
					$box = self::mailbox( $value );
					if ( $box ) {
						$out['from_name']    = $box['name'];
						$out['from_address'] = $box['address'];
					}
					break;
				case 'cc':
				case 'bcc':
					$out[ $lower ] = array_merge( $out[ $lower ], self::address_list( $value ) );
					break;
				case 'reply-to':
					$out['reply_to'] = array_merge( $out['reply_to'], self::address_list( $value ) );
					break;
				case 'content-type':
					if ( str_contains( $value, ';' ) ) {
						[ $type, $params ] = explode( ';', $value, 2 );
						$out['content_type'] = trim( $type );
						if ( preg_match( '/charset\s*=\s*"?([^";\s]+)/i', $params, $m ) ) {
							$out['charset'] = $m[1];
						}
					} elseif ( '' !== $value ) {
						$out['content_type'] = $value;
					}
					break;
				default:
					if ( in_array( $lower, self::OWN_HEADERS, true ) || str_starts_with( $lower, 'content-' ) ) {
						break;
					}
					if ( preg_match( '/^[!-9;-~]{1,120}$/', $name ) && '' !== $value ) {
						$out['custom'][ $name ] = mb_substr( $value, 0, self::MAX_HEADER_VALUE );
					}
			}
		}
		$out['cc']       = array_values( array_unique( $out['cc'] ) );
		$out['bcc']      = array_values( array_unique( $out['bcc'] ) );
		$out['reply_to'] = array_values( array_unique( $out['reply_to'] ) );
		return $out;
	}

	/**
	 * A list of addresses from a comma-separated string or an array; items
	 * keep their display name ("Ann <ann@example.com>"), invalid ones are dropped.
	 *
	 * @param string|array<int, string> $value The addresses.
	 * @return string[]
	 */
	public static function address_list( $value ): array {
		$items = is_array( $value ) ? $value : self::split_addresses( (string) $value );
		$out   = array();
		foreach ( $items as $item ) {
			$box = self::mailbox( (string) $item );
			if ( ! $box ) {
				continue;
			}
			$out[] = '' !== $box['name'] ? self::quote_name( $box['name'] ) . ' <' . $box['address'] . '>' : $box['address'];
		}
		return $out;
	}

	/**
	 * Splits "a@b.c, \"Doe, Ann\" <ann@d.e>" at commas outside quotes and angle brackets.
	 *
	 * @param string $value The list.
	 * @return string[]
	 */
	public static function split_addresses( string $value ): array {
		$out     = array();
		$current = '';
		$quoted  = false;
		$angle   = false;
		$len     = strlen( $value );
		for ( $i = 0; $i < $len; $i++ ) {
			$c = $value[ $i ];
			if ( '"' === $c ) {
				$quoted = ! $quoted;
			} elseif ( '<' === $c && ! $quoted ) {
				$angle = true;
			} elseif ( '>' === $c && ! $quoted ) {
				$angle = false;
			} elseif ( ( ',' === $c || ';' === $c ) && ! $quoted && ! $angle ) {
				$out[]   = $current;
				$current = '';
				continue;
			}
			$current .= $c;
		}
		$out[] = $current;
		return array_values( array_filter( array_map( 'trim', $out ), static fn( $s ) => '' !== $s ) );
	}

	/**
	 * One mailbox: "addr", "<addr>" or "Name <addr>".
	 *
	 * @param string $value The mailbox.
	 * @return array{name: string, address: string}|null
	 */
	public static function mailbox( string $value ): ?array {
		$value = trim( str_replace( array( "\r", "\n", "\0" ), '', $value ) );
		if ( preg_match( '/^(.*)<\s*([^<>\s]+)\s*>\s*$/s', $value, $m ) ) {
			$name    = trim( trim( $m[1] ), '"' );
			$name    = str_replace( array( '\\"', '\\\\' ), array( '"', '\\' ), $name );
			$address = trim( $m[2] );
		} else {
			$name    = '';
			$address = $value;
		}
		if ( ! is_email( $address ) || strlen( $value ) > 320 ) {
			return null;
		}
		return array(
			'name'    => $name,
			'address' => $address,
		);
	}

	/**
	 * Quotes a display name when it holds characters that need it.
	 *
	 * @param string $name Display name.
	 */
	private static function quote_name( string $name ): string {
		if ( preg_match( '/[()<>\[\]:;@\\\\,."]/', $name ) ) {
			return '"' . str_replace( array( '\\', '"' ), array( '\\\\', '\\"' ), $name ) . '"';
		}
		return $name;
	}

	/**
	 * Reads attachments: paths (an array, or a newline-separated string as
	 * wp_mail() accepts); a string key names the file as sent.
	 *
	 * @param string|array<int|string, string> $attachments Paths.
	 * @return array<int, array{filename: string, content: string, content_type?: string}>
	 * @throws Mail_Error When a file cannot be read or the limits are passed.
	 */
	public static function attachments( $attachments ): array {
		if ( is_string( $attachments ) ) {
			$attachments = explode( "\n", str_replace( "\r\n", "\n", $attachments ) );
		}
		if ( ! is_array( $attachments ) ) {
			return array();
		}
		$attachments = array_filter( $attachments, static fn( $p ) => is_string( $p ) && '' !== trim( $p ) );
		if ( count( $attachments ) > self::MAX_ATTACHMENTS ) {
			/* translators: %d: the limit. */
			throw new Mail_Error( 'too_many_attachments', sprintf( __( 'The service takes at most %d attachments.', 'svc-forms-mail' ), self::MAX_ATTACHMENTS ) );
		}
		$out   = array();
		$total = 0;
		foreach ( $attachments as $name => $path ) {
			$path = trim( $path );
			if ( ! is_file( $path ) || ! is_readable( $path ) ) {
				/* translators: %s: a file name. */
				throw new Mail_Error( 'attachment_unreadable', sprintf( __( 'The attachment %s could not be read.', 'svc-forms-mail' ), basename( $path ) ) );
			}
			$size   = (int) filesize( $path );
			$total += $size;
			if ( $total > self::MAX_ATTACHMENT_BYTES ) {
				throw new Mail_Error( 'attachments_too_large', __( 'The attachments are larger than the service accepts (15 MB in total).', 'svc-forms-mail' ) );
			}
			$content = file_get_contents( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			if ( false === $content ) {
				/* translators: %s: a file name. */
				throw new Mail_Error( 'attachment_unreadable', sprintf( __( 'The attachment %s could not be read.', 'svc-forms-mail' ), basename( $path ) ) );
			}
			$filename = is_string( $name ) && '' !== trim( $name ) ? trim( $name ) : basename( $path );
			$filename = mb_substr( str_replace( array( "\r", "\n", "\0" ), '', $filename ), 0, 255 );
			$item     = array(
				'filename' => $filename,
				'content'  => base64_encode( $content ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the API takes base64.
			);
			$type     = wp_check_filetype( $filename );
			if ( ! empty( $type['type'] ) ) {
				$item['content_type'] = $type['type'];
			}
			$out[] = $item;
		}
		return $out;
	}
}

/**
 * A message that cannot be sent through the API as it is.
 */
final class Mail_Error extends \RuntimeException {

	/**
	 * Constructor.
	 *
	 * @param string $error_code Short code for the log.
	 * @param string $text       What happened, for people.
	 */
	public function __construct( public readonly string $error_code, string $text ) {
		parent::__construct( $text );
	}
}
