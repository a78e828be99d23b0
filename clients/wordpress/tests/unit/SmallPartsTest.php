<?php
/**
 * Cache-Control, backoff, settings helpers, captcha widget.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Admin;
use SvcFormsMail\Cache_Control;
use SvcFormsMail\Response;
use SvcFormsMail\Captcha;
use SvcFormsMail\Queue;
use SvcFormsMail\Settings;

final class SmallPartsTest extends Svcfm_TestCase {

	public function test_cache_control_of_the_render_answer(): void {
		$this->assertSame( array( 'max_age' => 60, 'swr' => 300, 'store' => true ), Cache_Control::parse( 'public, max-age=60, stale-while-revalidate=300' ) );
		$this->assertSame( array( 'max_age' => 0, 'swr' => 0, 'store' => false ), Cache_Control::parse( 'no-store, max-age=60' ) );
		$this->assertSame( 0, Cache_Control::parse( '' )['max_age'] );
	}

	public function test_backoff_grows_and_then_stays(): void {
		$this->assertSame( 60, Queue::backoff( 1 ) );
		$this->assertSame( 300, Queue::backoff( 2 ) );
		$this->assertSame( 43200, Queue::backoff( 8 ) );
		$this->assertSame( 43200, Queue::backoff( 30 ) );
		$this->assertSame( 60, Queue::backoff( 0 ) );
	}

	public function test_service_url_is_normalised(): void {
		$this->assertSame( 'https://svc.example', Settings::normalize_service_url( ' https://svc.example/api/v1/ ' ) );
		$this->assertSame( 'http://127.0.0.1:8080', Settings::normalize_service_url( 'http://127.0.0.1:8080/' ) );
		$this->assertSame( '', Settings::normalize_service_url( 'javascript:alert(1)' ) );
		$this->assertSame( '', Settings::normalize_service_url( 'svc.example' ) );
	}

	public function test_the_key_is_shown_masked(): void {
		$this->assertSame( 'svc_live_••••••••wxyz', Settings::mask_key( 'svc_live_abcdefghijklmnopqrstuvwxyz' ) );
		$this->assertSame( '••••••••', Settings::mask_key( 'short' ) );
		$this->assertSame( '', Settings::mask_key( '' ) );
	}

	public function test_recaptcha_v3_script_gets_render_with_the_site_key(): void {
		$c = array( 'provider' => 'recaptcha_v3', 'site_key' => 'k&1', 'widget_js' => 'https://www.google.com/recaptcha/api.js', 'widget_class' => 'g-recaptcha-v3', 'response_field' => 'g-recaptcha-response' );
		$this->assertSame( 'https://www.google.com/recaptcha/api.js?render=k%261', Captcha::script_url( $c ) );
		$this->assertStringContainsString( 'type="hidden"', Captcha::markup( $c ) );
		$this->assertStringContainsString( 'name="g-recaptcha-response"', Captcha::markup( $c ) );
	}

	public function test_turnstile_widget_mounts_on_its_class_with_data_sitekey(): void {
		$c = array( 'provider' => 'shared', 'site_key' => '1x"00', 'widget_js' => 'https://challenges.cloudflare.com/turnstile/v0/api.js', 'widget_class' => 'cf-turnstile', 'response_field' => 'cf-turnstile-response' );
		$this->assertTrue( Captcha::active( $c ) );
		$this->assertSame( $c['widget_js'], Captcha::script_url( $c ) );
		$this->assertSame( '<div class="svcfm-captcha"><div class="cf-turnstile" data-sitekey="1x&quot;00"></div></div>', Captcha::markup( $c ) );
		$this->assertSame( 'tok', Captcha::token( $c, array( 'cf-turnstile-response' => ' tok ' ) ) );
		$this->assertSame( '', Captcha::token( $c, array( 'cf-turnstile-response' => array( 'x' ) ) ) );
	}

	public function test_provider_none_mounts_nothing(): void {
		$c = array( 'provider' => 'none', 'site_key' => null, 'widget_js' => null, 'widget_class' => null, 'response_field' => null );
		$this->assertFalse( Captcha::active( $c ) );
		$this->assertSame( '', Captcha::token( $c, array( 'x' => 'y' ) ) );
	}

	public function test_captcha_settings_are_cached_and_fall_back_to_the_last_connect(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'provider' => 'hcaptcha', 'site_key' => 'h', 'widget_js' => 'https://js.hcaptcha.com/1/api.js', 'widget_class' => 'h-captcha', 'response_field' => 'h-captcha-response', 'extra' => 1 ) );
		$this->assertSame( 'hcaptcha', Captcha::settings()['provider'] );
		$this->assertSame( 'hcaptcha', Captcha::settings()['provider'] );
		$this->assertCount( 1, WP_Stub::$requests, 'the second read comes from the cache' );
		Captcha::forget();
		update_option( 'svcfm_connection', array( 'captcha' => array( 'provider' => 'shared' ) ) );
		$this->assertSame( 'shared', Captcha::settings()['provider'], 'unreachable: what Connect answered' );
	}

	public function test_expired_captcha_settings_render_from_the_copy_and_refresh_in_the_background(): void {
		self::configure();
		Captcha::keep( array( 'provider' => 'hcaptcha' ) );
		delete_transient( Captcha::TRANSIENT );
		$this->assertSame( 'hcaptcha', Captcha::settings()['provider'] );
		$this->assertSame( array(), WP_Stub::$requests, 'the page view does not ask the service' );
		$this->assertCount( 1, WP_Stub::$loopbacks );
		$this->assertSame( '_captcha', WP_Stub::$loopbacks[0][1]['body']['slug'] );
		// The loopback asks the service.
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'provider' => 'turnstile' ) );
		$_POST                = WP_Stub::$loopbacks[0][1]['body'];
		try {
			\SvcFormsMail\Form_Cache::ajax_refresh();
		} catch ( WP_Die_Stub $e ) {
			unset( $e );
		}
		$_POST = array();
		$this->assertSame( 'turnstile', Captcha::settings()['provider'] );
	}

	public function test_connect_errors_read_as_sentences(): void {
		self::configure();
		$this->assertStringContainsString( 'https://svc.example could not be reached (cURL error 7)', Admin::connect_error_text( new Response( 0, array(), array(), 'cURL error 7' ) ) );
		$this->assertStringContainsString( 'does not know this API key (invalid_api_key)', Admin::connect_error_text( new Response( 401, array( 'error' => 'invalid_api_key' ) ) ) );
		$this->assertStringContainsString( 'disabled this site (site_disabled)', Admin::connect_error_text( new Response( 403, array( 'error' => 'site_disabled' ) ) ) );
		$this->assertStringContainsString( 'https://svc.example/', Admin::connect_error_text( new Response( 301, array(), array( 'location' => 'https://svc.example/' ) ) ) );
	}
}
