<?php
/**
 * From and Reply-To: the same documented sender in the API and SMTP modes.
 *
 * @package SvcFormsMail
 */

use PHPMailer\PHPMailer\PHPMailer;
use SvcFormsMail\Mail_Message;
use SvcFormsMail\Smtp_Mode;

final class SenderTest extends Svcfm_TestCase {

	private static function api( string $headers = '' ): array {
		return Mail_Message::build( array( 'to' => 'ann@x.example', 'subject' => 'Hi', 'message' => 'x', 'headers' => $headers ) );
	}

	/** WordPress's PHPMailer as wp_mail() leaves it: From and FromName after the filters. */
	private static function smtp( string $from, string $name ): PHPMailer {
		self::configure( array( 'service_url' => 'http://127.0.0.1:8080', 'mail_mode' => 'smtp' ) );
		$m = new PHPMailer( true );
		$m->addAddress( 'ann@x.example' );
		$m->setFrom( $from, $name, false );
		Smtp_Mode::phpmailer_init( $m );
		return $m;
	}

	private function need_phpmailer(): void {
		if ( ! class_exists( PHPMailer::class ) ) {
			$this->markTestSkipped( 'WordPress\'s PHPMailer is not installed (Debian package wordpress).' );
		}
	}

	public function test_the_wp_mail_from_filters_give_name_and_reply_to_in_the_api_mode(): void {
		add_filter( 'wp_mail_from', fn() => 'hello@shop.example' );
		add_filter( 'wp_mail_from_name', fn() => 'Shop Team' );
		$body = self::api();
		$this->assertSame( array( 'name' => 'Shop Team' ), $body['from'] );
		$this->assertSame( 'hello@shop.example', $body['original_from'], 'the Reply-To in relay mode' );
	}

	public function test_wordpress_default_address_becomes_the_administration_email(): void {
		update_option( 'admin_email', 'owner@shop.example' );
		$body = self::api();
		$this->assertArrayNotHasKey( 'from', $body, 'the default name is the service\'s site From name' );
		$this->assertSame( 'owner@shop.example', $body['original_from'] );
		// wordpress@<host>, as wp_mail() builds it (www. dropped), is the default too.
		$this->assertSame( 'owner@shop.example', self::api( 'From: WordPress <wordpress@shop.example>' )['original_from'] );
		$this->assertSame( 'me@other.example', self::api( 'From: Me <me@other.example>' )['original_from'] );
	}

	public function test_the_smtp_mode_sends_the_same_sender(): void {
		$this->need_phpmailer();
		update_option( 'admin_email', 'owner@shop.example' );
		// What wp_mail() sets with the filters: the same name and Reply-To as the API mode.
		$m = self::smtp( 'hello@shop.example', 'Shop Team' );
		$this->assertSame( 'Shop Team', $m->FromName );
		$this->assertSame( array( 'hello@shop.example' ), array_keys( $m->getReplyToAddresses() ) );
		// WordPress's defaults: no display name (the service's site From name), the administration email as Reply-To.
		$m = self::smtp( 'wordpress@shop.example', 'WordPress' );
		$this->assertSame( '', $m->FromName );
		$this->assertSame( array( 'owner@shop.example' ), array_keys( $m->getReplyToAddresses() ) );
	}

	public function test_a_given_reply_to_is_kept_in_both_modes(): void {
		$this->need_phpmailer();
		$this->assertSame( array( 'r@x.example' ), self::api( "From: s@shop.example\nReply-To: r@x.example" )['reply_to'] );
		self::configure( array( 'service_url' => 'http://127.0.0.1:8080', 'mail_mode' => 'smtp' ) );
		$m = new PHPMailer( true );
		$m->setFrom( 's@shop.example', 'S', false );
		$m->addReplyTo( 'r@x.example' );
		Smtp_Mode::phpmailer_init( $m );
		$this->assertSame( array( 'r@x.example' ), array_keys( $m->getReplyToAddresses() ) );
	}
}
