<?php
/**
 * Hosted forms: validation, markup, signed configuration, the submit body, the cache.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Form_Cache;
use SvcFormsMail\Form_Renderer;
use SvcFormsMail\Forms;
use SvcFormsMail\Response;

final class FormsTest extends Svcfm_TestCase {

	private static function form(): array {
		return array(
			'id'       => '01900000-0000-7000-8000-000000000001',
			'name'     => 'Contact <us>',
			'slug'     => 'contact',
			'fields'   => array(
				array( 'name' => 'name', 'label' => 'Name <b>', 'type' => 'text', 'required' => true ),
				array( 'name' => 'email', 'label' => 'Email', 'type' => 'email', 'required' => true ),
				array( 'name' => 'topic', 'label' => 'Topic', 'type' => 'select', 'options' => array( 'Sales', 'Support' ) ),
				array( 'name' => 'extras', 'label' => 'Extras', 'type' => 'checkbox', 'options' => array( 'A', 'B', 'C' ) ),
				array( 'name' => 'terms', 'label' => 'I agree', 'type' => 'checkbox', 'required' => true ),
				array( 'name' => 'site', 'label' => 'Website', 'type' => 'url' ),
			),
			'settings' => array( 'submit_label' => 'Go "now"', 'success_message' => 'Thanks!', 'notify_email' => 'sales@shop.example', 'from_name' => 'Shop forms', 'brand_color' => '#0b7a5c', 'card_wrap' => true, 'button_align' => 'center' ),
		);
	}

	public function test_validation_reports_each_field(): void {
		$r = Form_Renderer::validate( self::form(), array( 'name' => '', 'email' => 'nope', 'topic' => 'Other', 'extras' => array( 'A', 'Z', 'C' ), 'site' => 'ftp://x' ) );
		$this->assertSame( array( 'name', 'email', 'topic', 'terms', 'site' ), array_keys( $r['errors'] ) );
		$this->assertSame( 'This field is required.', $r['errors']['name'] );
		$this->assertSame( 'A, C', $r['values']['extras'], 'only offered choices are kept' );
	}

	public function test_valid_input_gives_one_string_per_field(): void {
		$r = Form_Renderer::validate( self::form(), array( 'name' => " Ann\n", 'email' => 'ann@x.example', 'topic' => 'Sales', 'terms' => '1', 'unknown' => 'dropped' ) );
		$this->assertSame( array(), $r['errors'] );
		$this->assertSame( array( 'name' => 'Ann', 'email' => 'ann@x.example', 'topic' => 'Sales', 'extras' => '', 'terms' => 'Yes', 'site' => '' ), $r['values'] );
	}

	public function test_markup_escapes_and_shows_errors_next_to_fields(): void {
		$html = Form_Renderer::render(
			self::form(),
			array( 'instance' => 'abc', 'token' => 't"k', 'values' => array( 'name' => '"><script>x</script>' ), 'errors' => array( 'email' => 'Please enter a valid email address.' ) ),
			'<div class="cf-turnstile" data-sitekey="k"></div>'
		);
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringContainsString( 'value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"', $html );
		$this->assertStringContainsString( 'Name &lt;b&gt;', $html );
		$this->assertMatchesRegularExpression( '#<input type="email" id="svcfm-abc-email" name="svcfm\[email\]"[^>]*aria-invalid="true" aria-describedby="svcfm-abc-email-error" />'
			. '<span class="svcfm-error" id="svcfm-abc-email-error">Please enter a valid email address.</span>#', $html );
		$this->assertStringContainsString( 'name="svcfm_hp"', $html, 'the honeypot' );
		$this->assertStringContainsString( 'tabindex="-1"', $html );
		$this->assertStringContainsString( 'data-sitekey="k"', $html );
		$this->assertStringContainsString( 'value="t&quot;k"', $html );
		$this->assertStringContainsString( '>Go &quot;now&quot;</button>', $html );
		$this->assertStringContainsString( 'svcfm-card', $html );
		$this->assertStringContainsString( 'svcfm-align-center', $html );
		$this->assertStringContainsString( '--svcfm-brand:#0b7a5c;', $html );
		$this->assertStringContainsString( 'name="svcfm[extras][]" value="B"', $html );
	}

	public function test_success_message_is_escaped(): void {
		$form                                = self::form();
		$form['settings']['success_message'] = 'Thanks <b>!';
		$this->assertStringContainsString( 'Thanks &lt;b&gt;!', Form_Renderer::success( $form, 'x' ) );
	}

	public function test_signed_configuration_round_trips_and_rejects_tampering(): void {
		$config = Forms::config( array( 'slug' => 'Contact', 'notify' => 'a@x.example, bad, b@x.example', 'autoreply' => 'yes', 'autoreply_subject' => 'Thanks {name}' ) );
		$this->assertSame( 'contact', $config['slug'] );
		$this->assertSame( array( 'a@x.example', 'b@x.example' ), $config['notify'] );
		$token = Forms::sign( $config );
		$this->assertSame( $config, Forms::verify_token( $token ) );
		[ $data, $mac ] = explode( '.', $token );
		$forged         = base64_encode( str_replace( 'a@x.example', 'evil@x.example', base64_decode( $data ) ) ) . '.' . $mac;
		$this->assertNull( Forms::verify_token( $forged ) );
		$this->assertNull( Forms::verify_token( 'garbage' ) );
	}

	public function test_form_id_is_a_stable_positive_integer(): void {
		$config = Forms::config( array( 'slug' => 'contact' ) );
		$id     = Forms::form_id( $config, self::form() );
		$this->assertGreaterThan( 0, $id );
		$this->assertSame( $id, Forms::form_id( $config, self::form() ) );
		$this->assertSame( 77, Forms::form_id( Forms::config( array( 'slug' => 'contact', 'form_id' => '77' ) ), self::form() ) );
	}

	public function test_submit_body_carries_visitor_captcha_notification_and_auto_reply(): void {
		$_SERVER['REMOTE_ADDR']     = '203.0.113.9';
		$_SERVER['HTTP_USER_AGENT'] = 'UA/1';
		$_SERVER['HTTP_REFERER']    = 'https://shop.example/contact/';
		$config                     = Forms::config( array( 'slug' => 'contact', 'autoreply' => 'yes', 'autoreply_subject' => 'Thanks {name}' ) );
		$body                       = Forms::payload( $config, self::form(), array( 'name' => 'Ann' ), 'tok' );
		$this->assertSame( 'Contact <us>', $body['form_name'] );
		$this->assertSame( 'svc-forms-mail', $body['template'] );
		$this->assertSame( 'contact', $body['form_slug'], 'the service shows the form\'s labels' );
		$this->assertSame( 'sales@shop.example', $body['notify_email'], 'the form\'s own notification address' );
		$this->assertSame( 'Shop forms', $body['from_name'] );
		$this->assertSame( 'tok', $body['captcha_token'] );
		$this->assertSame( array( 'ip' => '203.0.113.9', 'user_agent' => 'UA/1', 'referrer' => 'https://shop.example/contact/' ), $body['visitor'] );
		$this->assertSame( array( 'enabled' => true, 'subject' => 'Thanks {name}' ), $body['confirm'] );
		$this->assertSame( '{"name":"Ann"}', json_encode( $body['fields'] ) );
		$this->assertSame( '{}', json_encode( Forms::payload( $config, self::form(), array(), '' )['fields'] ), 'no fields is still an object' );

		$override = Forms::payload( Forms::config( array( 'slug' => 'contact', 'notify' => 'boss@x.example' ) ), self::form(), array(), '' );
		$this->assertSame( array( 'boss@x.example' ), $override['notify_emails'] );
		$this->assertArrayNotHasKey( 'notify_email', $override );
		$this->assertArrayNotHasKey( 'captcha_token', $override );
		$this->assertArrayNotHasKey( 'confirm', $override );
		unset( $_SERVER['REMOTE_ADDR'], $_SERVER['HTTP_USER_AGENT'], $_SERVER['HTTP_REFERER'] );
	}

	public function test_visitor_ip_that_is_no_ip_is_left_out(): void {
		$_SERVER['REMOTE_ADDR'] = 'unknown';
		$this->assertSame( array(), Forms::visitor() );
		unset( $_SERVER['REMOTE_ADDR'] );
	}

	public function test_invalid_payload_details_become_field_errors(): void {
		$r = new Response( 400, array( 'error' => 'invalid_payload', 'details' => array( array( 'field' => 'fields.message', 'message' => 'must be at most 10000 characters' ), array( 'field' => 'visitor.ip', 'message' => 'x' ) ) ) );
		$this->assertSame( array( 'message' => 'Must be at most 10000 characters' ), Forms::field_errors( $r ) );
	}

	public function test_form_cache_follows_max_age_and_keeps_a_copy_for_outages(): void {
		self::configure();
		$headers              = array( 'cache-control' => 'public, max-age=60, stale-while-revalidate=300', 'etag' => '"v1"' );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'form' => self::form() ), $headers );
		$t                    = time();
		$this->assertSame( 'contact', Form_Cache::get( 'contact', $t )['form']['slug'] );
		$this->assertSame( 'contact', Form_Cache::get( 'contact', $t + 59 )['form']['slug'] );
		$this->assertCount( 1, WP_Stub::$requests, 'fresh for max-age' );
		Form_Cache::get( 'contact', $t + 100 );
		$this->assertCount( 1, WP_Stub::$requests, 'stale: served now, refreshed in the background' );
		$this->assertCount( 1, WP_Stub::$loopbacks, 'a loopback request refreshes it' );
		$this->assertFalse( WP_Stub::$loopbacks[0][1]['blocking'], 'the visitor does not wait for it' );
		$this->assertSame( 'svcfm_refresh_form', WP_Stub::$loopbacks[0][1]['body']['action'] );
		// Past max-age + stale-while-revalidate too, the copy shows at once (the
		// service may be hung): it is never a reason for a visitor to wait.
		$this->assertSame( 'contact', Form_Cache::get( 'contact', $t + 400 )['form']['slug'] );
		$this->assertCount( 1, WP_Stub::$requests );
		$this->assertCount( 1, WP_Stub::$loopbacks, 'one refresh of a slug at a time' );
		// The loopback revalidates with the ETag; a 304 renews the copy.
		WP_Stub::$responses[] = self::answer( 304, array(), $headers );
		self::loopback( 'contact' );
		$this->assertSame( '"v1"', WP_Stub::$requests[1][1]['headers']['if-none-match'] );
		// The service is down: the last copy still renders.
		$this->assertSame( 'contact', Form_Cache::get( 'contact', $t + 10000 )['form']['slug'] );
		self::loopback( 'contact' );
		$this->assertSame( 'contact', Form_Cache::get( 'contact', $t + 10000 )['form']['slug'] );
		// The form was archived: the refresh's answer wins over the copy.
		WP_Stub::$responses[] = self::answer( 410, array( 'error' => 'form_archived' ) );
		self::loopback( 'contact' );
		$this->assertSame( array( 'form' => null, 'error' => 'form_archived' ), Form_Cache::get( 'contact', $t + 20000 ) );
		$this->assertSame( array( 'form' => null, 'error' => 'invalid_slug' ), Form_Cache::get( 'Bad Slug' ) );
	}

	/** What the loopback request does: admin-ajax.php with the signed slug. */
	private static function loopback( string $slug, string $sig = '' ): void {
		$_POST = array(
			'slug' => $slug,
			'sig'  => '' !== $sig ? $sig : Form_Cache::signature( $slug ),
		);
		try {
			Form_Cache::ajax_refresh();
		} catch ( WP_Die_Stub $e ) {
			unset( $e );
		}
		$_POST = array();
	}

	public function test_the_loopback_is_written_to_this_server_and_not_waited_for(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'form' => self::form() ), array( 'cache-control' => 'public, max-age=60' ) );
		$t                    = time();
		Form_Cache::get( 'contact', $t );
		// This site's server: a listener that reads the request and never answers.
		$server                 = stream_socket_server( 'tcp://127.0.0.1:0' );
		$_SERVER['SERVER_ADDR'] = '127.0.0.1';
		$_SERVER['SERVER_PORT'] = (string) parse_url( 'tcp://' . stream_socket_get_name( $server, false ), PHP_URL_PORT );
		try {
			$start = microtime( true );
			$this->assertSame( 'contact', Form_Cache::get( 'contact', $t + 100 )['form']['slug'] );
			$this->assertLessThan( 0.2, microtime( true ) - $start, 'the page view does not wait for the refresh' );
			$conn    = stream_socket_accept( $server, 1 );
			$request = stream_get_contents( $conn );
			fclose( $conn );
		} finally {
			fclose( $server );
			unset( $_SERVER['SERVER_ADDR'], $_SERVER['SERVER_PORT'] );
		}
		$this->assertStringStartsWith( 'POST /wp-admin/admin-ajax.php HTTP/1.1', $request );
		$this->assertStringContainsString( "\r\nHost: shop.example\r\n", $request );
		parse_str( substr( $request, strpos( $request, "\r\n\r\n" ) + 4 ), $fields );
		$this->assertSame( 'svcfm_refresh_form', $fields['action'] );
		$this->assertSame( Form_Cache::signature( 'contact' ), $fields['sig'] );
		$this->assertSame( array(), WP_Stub::$loopbacks, 'not WordPress\'s HTTP API, which waits a second' );
	}

	public function test_a_forged_loopback_refreshes_nothing(): void {
		self::configure();
		self::loopback( 'contact', str_repeat( 'a', 64 ) );
		$this->assertCount( 0, WP_Stub::$requests );
	}

	public function test_connect_or_a_settings_save_keeps_the_copy_and_refreshes_it_in_the_background(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'form' => self::form() ), array( 'cache-control' => 'public, max-age=60' ) );
		$this->assertSame( 'contact', Form_Cache::get( 'contact' )['form']['slug'] );
		Form_Cache::flush();
		// The service is hung now: the page still has its form, without waiting.
		$this->assertSame( 'contact', Form_Cache::get( 'contact' )['form']['slug'] );
		$this->assertCount( 1, WP_Stub::$requests, 'no call while the visitor waits' );
		$this->assertCount( 1, WP_Stub::$loopbacks, 'refreshed in the background' );
	}

	public function test_an_open_circuit_starts_no_refresh(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'form' => self::form() ), array( 'cache-control' => 'public, max-age=60' ) );
		$t = time();
		Form_Cache::get( 'contact', $t );
		\SvcFormsMail\Client::open_circuit();
		$this->assertSame( 'contact', Form_Cache::get( 'contact', $t + 100 )['form']['slug'] );
		$this->assertCount( 0, WP_Stub::$loopbacks );
	}

	public function test_a_failed_fetch_without_copy_is_not_retried_by_every_visitor(): void {
		self::configure();
		$this->assertSame( array( 'form' => null, 'error' => 'unreachable' ), Form_Cache::get( 'contact' ) );
		$this->assertSame( array( 'form' => null, 'error' => 'unreachable' ), Form_Cache::get( 'contact' ) );
		$this->assertCount( 1, WP_Stub::$requests, 'the failure is remembered for a minute' );
		// Connect (or a settings change) forgets every cached form and failure.
		Form_Cache::flush();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'form' => self::form() ), array( 'cache-control' => 'public, max-age=60' ) );
		$this->assertSame( 'contact', Form_Cache::get( 'contact' )['form']['slug'] );
	}

	public function test_the_block_lists_the_services_forms_of_the_site(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer(
			200,
			array(
				'ok'    => true,
				'forms' => array(
					array( 'slug' => 'contact', 'name' => 'Contact us', 'fields' => array() ),
					array( 'slug' => 'Not a slug', 'name' => 'dropped' ),
					'not a form',
				),
			)
		);
		update_option( Form_Cache::KNOWN, array( 'old-shown' => 'Shown once' ) );
		$this->assertSame( array( 'contact' => 'Contact us' ), Form_Cache::available(), 'the service knows best: an archived form shown once is not offered' );
		$this->assertCount( 1, WP_Stub::$requests );
		$this->assertSame( 'https://svc.example/api/v1/forms', WP_Stub::$requests[0][0] );
		$this->assertSame( 'GET', WP_Stub::$requests[0][1]['method'] );
		$this->assertSame( array( 'contact' => 'Contact us' ), Form_Cache::available() );
		$this->assertCount( 1, WP_Stub::$requests, 'kept for a while: one request per five minutes' );
	}

	public function test_the_block_falls_back_to_the_forms_shown_when_the_service_cannot_list(): void {
		self::configure();
		update_option( Form_Cache::KNOWN, array( 'contact' => 'Contact' ) );
		WP_Stub::$responses[] = self::answer( 404, array( 'error' => 'not_found' ) );
		$this->assertSame( array( 'contact' => 'Contact' ), Form_Cache::available() );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'forms' => array() ) );
		$this->assertSame( array(), Form_Cache::available(), 'a failure is not kept: asked again' );
	}
}
