<?php
/**
 * The plugin's stored options: one array option for settings, one for the
 * result of the last Connect.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Reads and writes the plugin's options.
 */
final class Settings {

	const OPTION     = 'svcfm_settings';
	const CONNECTION = 'svcfm_connection';
	// The service's default SMTP submission port (SVC_SMTP_SUBMISSION_PORT).
	const SMTP_PORT = 2587;
	// The SMTP user name: the service takes any, the API key is the password.
	const SMTP_USER = 'wordpress';

	/**
	 * Defaults of every setting.
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		return array(
			'service_url'     => '',
			'api_key'         => '',
			// Send every wp_mail() through POST /mail/send.
			'mail_enabled'    => true,
			// When the service refuses or cannot be reached, let WordPress's own mailer send.
			'mail_fallback'   => true,
			// 'api' (POST /mail/send from pre_wp_mail) or 'smtp' (WordPress's PHPMailer to the SMTP submission port).
			'mail_mode'       => 'api',
			// SMTP mode: '' = the service URL's host.
			'smtp_host'       => '',
			'smtp_port'       => self::SMTP_PORT,
			// SMTP mode: 'auto' (none for a loopback host, STARTTLS otherwise), 'starttls' or 'none'.
			'smtp_encryption' => 'auto',
			'forward_cf7'     => true,
			'forward_wpforms' => true,
			'forward_gf'      => true,
			// Notification address for forwarded form-plugin submissions ('' = the site default in the service).
			'forward_notify'  => '',
			// Which header carries the visitor's IP ('' = none: REMOTE_ADDR), believed only from trusted_proxies.
			'proxy_header'    => '',
			// Addresses and CIDR ranges of this site's proxies or CDN.
			'trusted_proxies' => array(),
		);
	}

	/**
	 * All settings, with defaults filled in.
	 *
	 * @return array<string, mixed>
	 */
	public static function all(): array {
		$stored = get_option( self::OPTION, array() );
		return array_merge( self::defaults(), is_array( $stored ) ? $stored : array() );
	}

	/**
	 * One setting.
	 *
	 * @param string $key Setting name.
	 * @return mixed
	 */
	public static function get( string $key ) {
		$all = self::all();
		return $all[ $key ] ?? null;
	}

	/**
	 * Saves settings (merged over the stored ones).
	 *
	 * @param array<string, mixed> $values New values.
	 */
	public static function update( array $values ): void {
		update_option( self::OPTION, array_merge( self::all(), $values ), false );
	}

	/**
	 * Whether a service URL and an API key are set.
	 */
	public static function is_configured(): bool {
		return '' !== self::get( 'service_url' ) && '' !== self::get( 'api_key' );
	}

	/**
	 * The API client for the saved settings.
	 */
	public static function client(): Client {
		return new Client( (string) self::get( 'service_url' ), (string) self::get( 'api_key' ) );
	}

	/**
	 * Normalises a service URL: http(s) only, no trailing slash, no /api/v1 suffix.
	 * Returns '' for anything that is not a usable URL.
	 *
	 * @param string $url What the user typed.
	 */
	public static function normalize_service_url( string $url ): string {
		$url = trim( $url );
		if ( '' === $url ) {
			return '';
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) ) {
			return '';
		}
		$url = rtrim( $url, '/' );
		$url = preg_replace( '#/api/v1$#', '', $url );
		return rtrim( (string) $url, '/' );
	}

	/**
	 * The key as shown in the admin: its prefix and last four characters.
	 *
	 * @param string $key The API key.
	 */
	public static function mask_key( string $key ): string {
		if ( '' === $key ) {
			return '';
		}
		$tail   = strlen( $key ) > 12 ? substr( $key, -4 ) : '';
		$prefix = str_starts_with( $key, 'svc_live_' ) ? 'svc_live_' : '';
		return $prefix . str_repeat( '•', 8 ) . $tail;
	}

	/**
	 * The result of the last Connect (POST /sites/verify), or an empty array.
	 *
	 * @return array<string, mixed>
	 */
	public static function connection(): array {
		$c = get_option( self::CONNECTION, array() );
		return is_array( $c ) ? $c : array();
	}

	/**
	 * Saves the result of a Connect.
	 *
	 * @param array<string, mixed> $connection What verify answered, trimmed.
	 */
	public static function set_connection( array $connection ): void {
		update_option( self::CONNECTION, $connection, false );
	}

	/**
	 * The SMTP submission host: the setting, else the service URL's host.
	 */
	public static function smtp_host(): string {
		$host = trim( (string) self::get( 'smtp_host' ) );
		if ( '' !== $host ) {
			return $host;
		}
		$parts = wp_parse_url( (string) self::get( 'service_url' ) );
		return is_array( $parts ) ? (string) ( $parts['host'] ?? '' ) : '';
	}

	/**
	 * Whether a host is this machine (the service takes plain-text AUTH only from loopback).
	 *
	 * @param string $host A host name or IP address (IPv6 possibly in brackets).
	 */
	public static function is_loopback_host( string $host ): bool {
		$host = strtolower( trim( $host, " \t[]" ) );
		return 'localhost' === $host || str_ends_with( $host, '.localhost' ) || '::1' === $host
			|| ( false !== filter_var( $host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) && str_starts_with( $host, '127.' ) );
	}

	/**
	 * Normalises a typed SMTP host: a host name or an IP address, else ''.
	 *
	 * @param string $host What the user typed.
	 */
	public static function normalize_smtp_host( string $host ): string {
		$host = strtolower( trim( $host ) );
		if ( '' === $host ) {
			return '';
		}
		if ( false !== filter_var( trim( $host, '[]' ), FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 ) ) {
			return '[' . trim( $host, '[]' ) . ']';
		}
		if ( false !== filter_var( $host, FILTER_VALIDATE_IP ) ) {
			return $host;
		}
		return preg_match( '/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/', $host ) ? $host : '';
	}

	/**
	 * What PHPMailer needs for the SMTP mode: host, port, encryption
	 * ('starttls' or 'none'), user name and password (the API key).
	 *
	 * @return array{host: string, port: int, encryption: string, username: string, password: string}
	 */
	public static function smtp(): array {
		$host = self::smtp_host();
		$port = (int) self::get( 'smtp_port' );
		$enc  = (string) self::get( 'smtp_encryption' );
		if ( ! in_array( $enc, array( 'starttls', 'none' ), true ) ) {
			$enc = self::is_loopback_host( $host ) ? 'none' : 'starttls';
		}
		return array(
			'host'       => $host,
			'port'       => $port > 0 && $port < 65536 ? $port : self::SMTP_PORT,
			'encryption' => $enc,
			'username'   => self::SMTP_USER,
			'password'   => (string) self::get( 'api_key' ),
		);
	}
}
