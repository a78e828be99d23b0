<?php
/**
 * wp_mail() arguments -> POST /mail/send body.
 *
 * @package SvcFormsMail
 */

use SvcFormsMail\Mail_Error;
use SvcFormsMail\Mail_Message;

final class MailMessageTest extends Svcfm_TestCase {

	public function test_headers_as_a_string_give_from_cc_bcc_reply_to_and_content_type(): void {
		$h = Mail_Message::parse_headers( "From: \"Shop, Billing\" <billing@shop.example>\r\nCc: a@x.example, B <b@x.example>\nBcc: c@x.example\nReply-To: Help <help@x.example>\nContent-Type: text/html; charset=UTF-8\nX-Order: 42\nMIME-Version: 1.0\n" );
		$this->assertSame( 'Shop, Billing', $h['from_name'] );
		$this->assertSame( 'billing@shop.example', $h['from_address'] );
		$this->assertSame( array( 'a@x.example', 'B <b@x.example>' ), $h['cc'] );
		$this->assertSame( array( 'c@x.example' ), $h['bcc'] );
		$this->assertSame( array( 'Help <help@x.example>' ), $h['reply_to'] );
		$this->assertSame( 'text/html', $h['content_type'] );
		$this->assertSame( 'UTF-8', $h['charset'] );
		$this->assertSame( array( 'X-Order' => '42' ), $h['custom'], 'structural headers are not passed on' );
	}

	public function test_headers_as_an_array_and_repeated_cc_lines_add_up(): void {
		$h = Mail_Message::parse_headers( array( 'Cc: a@x.example', 'Cc: b@x.example', 'cc: a@x.example', 'Reply-To' => 'r@x.example', 'not a header' ) );
		$this->assertSame( array( 'a@x.example', 'b@x.example' ), $h['cc'] );
		$this->assertSame( array( 'r@x.example' ), $h['reply_to'] );
	}

	public function test_html_mail_with_a_from_name_and_attachment(): void {
		$file = tempnam( sys_get_temp_dir(), 'svcfm' ) . '.txt';
		file_put_contents( $file, 'Invoice 42' );
		$body = Mail_Message::build(
			array(
				'to'          => 'Ann <ann@x.example>',
				'subject'     => "Your\ninvoice",
				'message'     => '<p>Hi</p>',
				'headers'     => array( 'Content-Type: text/html', 'From: Shop <shop@shop.example>' ),
				'attachments' => array( 'invoice-42.txt' => $file ),
			),
			'woocommerce'
		);
		unlink( $file );
		$this->assertSame( 'Ann <ann@x.example>', $body['to'] );
		$this->assertSame( 'Your invoice', $body['subject'], 'no line break in a subject' );
		$this->assertSame( '<p>Hi</p>', $body['html'] );
		$this->assertArrayNotHasKey( 'text', $body );
		$this->assertSame( array( 'name' => 'Shop' ), $body['from'] );
		$this->assertSame( 'shop@shop.example', $body['original_from'] );
		$this->assertSame( 'woocommerce', $body['source_plugin'] );
		$this->assertSame(
			array(
				array(
					'filename'     => 'invoice-42.txt',
					'content'      => base64_encode( 'Invoice 42' ),
					'content_type' => 'text/plain',
				),
			),
			$body['attachments']
		);
	}

	public function test_plain_mail_without_from_leaves_the_sender_name_to_the_service(): void {
		$body = Mail_Message::build( array( 'to' => 'a@x.example, b@x.example', 'subject' => 'Hi', 'message' => 'Text' ) );
		$this->assertSame( array( 'a@x.example', 'b@x.example' ), $body['to'] );
		$this->assertSame( 'Text', $body['text'] );
		$this->assertArrayNotHasKey( 'from', $body );
		$this->assertArrayNotHasKey( 'original_from', $body );
	}

	public function test_wordpress_filters_decide_content_type_and_from_name(): void {
		add_filter( 'wp_mail_content_type', fn() => 'text/html' );
		add_filter( 'wp_mail_from_name', fn() => 'My Shop' );
		$body = Mail_Message::build( array( 'to' => 'a@x.example', 'subject' => 'Hi', 'message' => '<b>x</b>' ) );
		$this->assertSame( '<b>x</b>', $body['html'] );
		$this->assertSame( array( 'name' => 'My Shop' ), $body['from'] );
	}

	public function test_reply_to_wins_over_original_from(): void {
		$body = Mail_Message::build( array( 'to' => 'a@x.example', 'message' => 'x', 'headers' => "From: s@shop.example\nReply-To: r@x.example" ) );
		$this->assertSame( array( 'r@x.example' ), $body['reply_to'] );
		$this->assertArrayNotHasKey( 'original_from', $body );
	}

	public function test_no_valid_recipient_is_an_error(): void {
		$this->expectException( Mail_Error::class );
		Mail_Message::build( array( 'to' => 'not an address', 'message' => 'x' ) );
	}

	public function test_more_than_50_recipients_is_an_error(): void {
		$to = array();
		for ( $i = 0; $i < 51; $i++ ) {
			$to[] = "u$i@x.example";
		}
		try {
			Mail_Message::build( array( 'to' => $to, 'message' => 'x' ) );
			$this->fail( 'no error' );
		} catch ( Mail_Error $e ) {
			$this->assertSame( 'too_many_recipients', $e->error_code );
		}
	}

	public function test_attachments_over_15_mb_are_refused_before_sending(): void {
		$file = tempnam( sys_get_temp_dir(), 'svcfm' );
		$h    = fopen( $file, 'w' );
		ftruncate( $h, 15 * 1024 * 1024 + 1 );
		fclose( $h );
		try {
			Mail_Message::attachments( array( $file ) );
			$this->fail( 'no error' );
		} catch ( Mail_Error $e ) {
			$this->assertSame( 'attachments_too_large', $e->error_code );
		} finally {
			unlink( $file );
		}
	}

	public function test_a_missing_attachment_is_an_error(): void {
		$this->expectException( Mail_Error::class );
		Mail_Message::attachments( "/no/such/file.pdf\n" );
	}

	public function test_address_splitting_respects_quotes(): void {
		$this->assertSame( array( '"Doe, Ann" <ann@x.example>', 'b@x.example' ), Mail_Message::split_addresses( '"Doe, Ann" <ann@x.example>, b@x.example' ) );
		$this->assertSame( array( '"Doe, Ann" <ann@x.example>' ), Mail_Message::address_list( '"Doe, Ann" <ann@x.example>' ) );
	}

	public function test_a_message_in_another_charset_is_sent_as_utf8(): void {
		$body = Mail_Message::build( array( 'to' => 'a@x.example', 'message' => "Gr\xfc\xdfe", 'headers' => 'Content-Type: text/plain; charset=ISO-8859-1' ) );
		$this->assertSame( 'Grüße', $body['text'] );
	}
}
