<?php
/**
 * The captcha widget a form page mounts (GET /sites/captcha).
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Reads the site's captcha settings and builds the widget's markup.
 */
final class Captcha {

	const TRANSIENT = 'svcfm_captcha';
	const TTL       = 600;
	/** The last settings the service gave (kept without expiry). */
	const COPY = 'svcfm_captcha_copy';

	/**
	 * The captcha settings (provider, site_key, widget_js, widget_class,
	 * response_field), cached for ten minutes; null when unknown.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function settings(): ?array {
		$cached = get_transient( self::TRANSIENT );
		if ( is_array( $cached ) ) {
			return $cached;
		}
		$copy = get_option( self::COPY, null );
		if ( ! is_array( $copy ) ) {
			// What the last Connect answered.
			$connection = Settings::connection();
			$copy       = isset( $connection['captcha'] ) && is_array( $connection['captcha'] ) ? self::pick( $connection['captcha'] ) : null;
		}
		if ( null !== $copy ) {
			// A page view does not wait for the service: the last settings now, fresh ones in the background.
			Form_Cache::refresh_captcha_later();
			return $copy;
		}
		return self::fetch();
	}

	/**
	 * Asks the service for the settings and keeps them; null when it cannot be asked.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function fetch(): ?array {
		$response = Settings::client()->captcha();
		if ( ! $response->ok() ) {
			return null;
		}
		$settings = self::pick( $response->body );
		self::keep( $settings );
		return $settings;
	}

	/**
	 * Keeps settings: fresh for TTL, and as the copy that page views use after that.
	 *
	 * @param array<string, mixed> $settings What pick() returned.
	 */
	public static function keep( array $settings ): void {
		set_transient( self::TRANSIENT, $settings, self::TTL );
		update_option( self::COPY, $settings, false );
	}

	/**
	 * Keeps the captcha fields of an answer.
	 *
	 * @param array<string, mixed> $body GET /sites/captcha's answer or verify's captcha.
	 * @return array<string, mixed>
	 */
	public static function pick( array $body ): array {
		$out = array();
		foreach ( array( 'provider', 'site_key', 'widget_js', 'widget_class', 'response_field' ) as $k ) {
			$out[ $k ] = isset( $body[ $k ] ) && is_string( $body[ $k ] ) ? $body[ $k ] : null;
		}
		return $out;
	}

	/**
	 * Forgets the cached settings (after Connect).
	 */
	public static function forget(): void {
		delete_transient( self::TRANSIENT );
		delete_option( self::COPY );
	}

	/**
	 * Whether the settings describe a widget to mount.
	 *
	 * @param array<string, mixed>|null $c Settings.
	 */
	public static function active( ?array $c ): bool {
		return is_array( $c ) && ! empty( $c['widget_js'] ) && ! empty( $c['widget_class'] ) && ! empty( $c['site_key'] ) && ! empty( $c['response_field'] ) && 'none' !== ( $c['provider'] ?? '' );
	}

	/**
	 * The script address; for reCAPTCHA v3 with ?render=<site_key>, which
	 * the service leaves to the page.
	 *
	 * @param array<string, mixed> $c Settings.
	 */
	public static function script_url( array $c ): string {
		$url = (string) $c['widget_js'];
		if ( 'recaptcha_v3' === ( $c['provider'] ?? '' ) ) {
			$url = add_query_arg( 'render', rawurlencode( (string) $c['site_key'] ), $url );
		}
		return $url;
	}

	/**
	 * The markup placed inside the form: the element the widget mounts on
	 * (data-sitekey), or for reCAPTCHA v3 a hidden field its token goes into.
	 *
	 * @param array<string, mixed> $c Settings.
	 */
	public static function markup( array $c ): string {
		if ( 'recaptcha_v3' === ( $c['provider'] ?? '' ) ) {
			return '<input type="hidden" class="svcfm-v3-token" name="' . esc_attr( (string) $c['response_field'] ) . '" value="" data-sitekey="' . esc_attr( (string) $c['site_key'] ) . '" />';
		}
		return '<div class="svcfm-captcha"><div class="' . esc_attr( (string) $c['widget_class'] ) . '" data-sitekey="' . esc_attr( (string) $c['site_key'] ) . '"></div></div>';
	}

	/**
	 * The token the widget put into the POST ('' when none).
	 *
	 * @param array<string, mixed>|null $c    Settings.
	 * @param array<string, mixed>      $post The POST data (unslashed).
	 */
	public static function token( ?array $c, array $post ): string {
		if ( ! self::active( $c ) ) {
			return '';
		}
		$field = (string) $c['response_field'];
		$value = $post[ $field ] ?? '';
		return is_string( $value ) ? mb_substr( trim( $value ), 0, 6000 ) : '';
	}
}
