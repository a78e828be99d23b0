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
			// 'api' only: the SMTP submission mode waits for the service's SMTP submission port.
			'mail_mode'       => 'api',
			'forward_cf7'     => true,
			'forward_wpforms' => true,
			'forward_gf'      => true,
			// Notification address for forwarded form-plugin submissions ('' = the site default in the service).
			'forward_notify'  => '',
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
}
