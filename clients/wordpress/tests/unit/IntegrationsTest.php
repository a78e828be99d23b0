<?php
/**
 * Contact Form 7, WPForms and Gravity Forms hooks -> POST /forms/submit.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Integrations;
use SvcFormsMail\Mailer;

final class IntegrationsTest extends Svcfm_TestCase {

	private static function sent(): array {
		return json_decode( WP_Stub::$requests[0][1]['body'], true );
	}

	public function test_contact_form_7_submission_is_forwarded(): void {
		self::configure( array( 'forward_notify' => 'owner@shop.example' ) );
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true, 'id' => 'u' ) );
		$form                 = new class() {
			public function id() {
				return 7;
			}
			public function title() {
				return 'Contact';
			}
		};
		$submission           = new class() {
			public function get_posted_data() {
				return array( '_wpcf7' => '7', 'your-name' => 'Ann', 'your-email' => 'ann@x.example', 'menu' => array( 'A', 'B' ) );
			}
			public function get_meta( $k ) {
				return array( 'remote_ip' => '192.0.2.7', 'user_agent' => 'UA', 'url' => 'https://shop.example/c' )[ $k ] ?? null;
			}
		};
		Integrations::cf7_before_send_mail( $form, false, $submission );
		$this->assertStringEndsWith( '/api/v1/forms/submit', WP_Stub::$requests[0][0] );
		$this->assertSame(
			array(
				'form_id'      => 7,
				'fields'       => array( 'your-name' => 'Ann', 'your-email' => 'ann@x.example', 'menu' => 'A, B' ),
				'template'     => 'contact-form-7',
				'site_url'     => 'https://shop.example/',
				'form_name'    => 'Contact',
				'visitor'      => array( 'ip' => '192.0.2.7', 'user_agent' => 'UA', 'referrer' => 'https://shop.example/c' ),
				'notify_email' => 'owner@shop.example',
			),
			self::sent()
		);
		$this->assertSame( 'contact-form-7', Mailer::detect_source(), 'CF7\'s own mail is labelled' );
		Mailer::pop_source();
	}

	public function test_an_aborted_cf7_submission_is_not_forwarded(): void {
		self::configure();
		Integrations::cf7_before_send_mail( new stdClass(), true, null );
		$this->assertSame( array(), WP_Stub::$requests );
	}

	public function test_forwarding_can_be_switched_off(): void {
		self::configure( array( 'forward_wpforms' => false ) );
		Integrations::wpforms_process_complete( array( array( 'name' => 'Name', 'value' => 'x', 'id' => 1 ) ), array(), array( 'id' => 1 ), 1 );
		$this->assertSame( array(), WP_Stub::$requests );
	}

	public function test_wpforms_fields_are_keyed_by_label(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true ) );
		Integrations::wpforms_process_complete(
			array(
				1 => array( 'name' => 'Name', 'value' => 'Wanda', 'id' => 1, 'type' => 'name' ),
				2 => array( 'name' => '', 'value' => 'w@x.example', 'id' => 2, 'type' => 'email' ),
				3 => array( 'name' => 'Name', 'value' => 'Second', 'id' => 3, 'type' => 'text' ),
			),
			array(),
			array( 'id' => 12, 'settings' => array( 'form_title' => 'WPF' ) ),
			5
		);
		$body = self::sent();
		$this->assertSame( array( 'name' => 'Wanda', 'email' => 'w@x.example', 'name_3' => 'Second' ), $body['fields'] );
		$this->assertSame( 12, $body['form_id'] );
		$this->assertSame( 'wpforms', $body['template'] );
		$this->assertArrayNotHasKey( 'notify_email', $body );
	}

	public function test_gravity_forms_entry_with_multi_input_fields(): void {
		self::configure();
		WP_Stub::$responses[] = self::answer( 200, array( 'ok' => true ) );
		Integrations::gform_after_submission(
			array( '1.3' => 'Gina', '1.6' => 'Gravity', '2' => 'g@x.example', '4.1' => 'Red', '4.2' => '', '4.3' => 'Blue', 'ip' => '192.0.2.9', 'user_agent' => 'GF', 'source_url' => 'https://shop.example/gf' ),
			array(
				'id'     => 3,
				'title'  => 'GF',
				'fields' => array(
					(object) array( 'id' => 1, 'label' => 'Name', 'type' => 'name', 'inputs' => array( array( 'id' => '1.3' ), array( 'id' => '1.6' ) ) ),
					array( 'id' => 2, 'label' => 'Email', 'type' => 'email', 'inputs' => null, 'adminLabel' => '' ),
					(object) array( 'id' => 4, 'label' => 'Colours', 'type' => 'checkbox', 'inputs' => array( array( 'id' => '4.1' ), array( 'id' => '4.2' ), array( 'id' => '4.3' ) ) ),
					(object) array( 'id' => 5, 'label' => 'Intro', 'type' => 'html', 'inputs' => null ),
				),
			)
		);
		$body = self::sent();
		$this->assertSame( array( 'name' => 'Gina Gravity', 'email' => 'g@x.example', 'colours' => 'Red, Blue' ), $body['fields'] );
		$this->assertSame( array( 'ip' => '192.0.2.9', 'user_agent' => 'GF', 'referrer' => 'https://shop.example/gf' ), $body['visitor'] );
		$this->assertSame( 'gravityforms', $body['template'] );
	}

	public function test_a_forwarded_submission_is_kept_when_the_service_is_down(): void {
		self::configure();
		Integrations::forward( 'wpforms', 1, 'F', array( 'a' => 'b' ), array() );
		global $wpdb;
		$rows = array_values( $wpdb->tables['wp_svcfm_queue'] );
		$this->assertCount( 1, $rows );
		$this->assertSame( 'pending', $rows[0]->status );
		$this->assertSame( 'wpforms', $rows[0]->source );
		$this->assertSame( 'svcfm_retry_queue', WP_Stub::$scheduled[0][1] );
	}
}
