;; A rook as a plug-in (ABI version 1, docs/plugins.md): it slides along the directions
;; named n, e, s and w until something stops it, and takes an opposing piece there.
;; The view is written at 1024; the answers are kept from 65536, on the second page, clear
;; of the view (a count, then five words an answer).
(module
  (memory (export "memory") 2)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param $len i32) (result i32) (i32.const 1024))

  ;; Word $i of the view.
  (func $w (param $i i32) (result i32)
    (i32.load (i32.add (i32.const 1024) (i32.shl (local.get $i) (i32.const 2)))))

  ;; One more answer: a kind and a cell.
  (func $answer (param $kind i32) (param $cell i32)
    (local $n i32) (local $at i32)
    (local.set $n (i32.load (i32.const 65536)))
    (local.set $at (i32.add (i32.const 65540) (i32.mul (local.get $n) (i32.const 20))))
    (i32.store (local.get $at) (local.get $kind))
    (i32.store offset=4 (local.get $at) (local.get $cell))
    (i32.store offset=8 (local.get $at) (i32.const 0))
    (i32.store offset=12 (local.get $at) (i32.const 0))
    (i32.store offset=16 (local.get $at) (i32.const 0))
    (i32.store (i32.const 65536) (i32.add (local.get $n) (i32.const 1))))

  (func (export "tessel_moves") (param $len i32) (result i32)
    (local $cells i32) (local $dirs i32) (local $links i32) (local $board i32)
    (local $names i32) (local $from i32) (local $owner i32) (local $d i32)
    (local $c i32) (local $name i32)
    (i32.store (i32.const 65536) (i32.const 0))
    (local.set $cells (call $w (i32.const 1)))
    (local.set $dirs (call $w (i32.const 2)))
    (local.set $from (call $w (i32.const 5)))
    (local.set $owner (call $w (i32.const 7)))
    (local.set $links (i32.add (i32.const 9) (call $w (i32.const 8))))
    (local.set $board (i32.add (local.get $links) (i32.mul (local.get $cells) (local.get $dirs))))
    (local.set $names (i32.add (local.get $board) (i32.mul (local.get $cells) (i32.const 5))))
    (block $done
      (loop $each_direction
        (br_if $done (i32.ge_s (local.get $d) (local.get $dirs)))
        ;; A one-letter name n, e, s or w fills its first word alone.
        (local.set $name (call $w (i32.add (local.get $names) (i32.shl (local.get $d) (i32.const 1)))))
        (if (i32.or
              (i32.or (i32.eq (local.get $name) (i32.const 0x6e)) (i32.eq (local.get $name) (i32.const 0x65)))
              (i32.or (i32.eq (local.get $name) (i32.const 0x73)) (i32.eq (local.get $name) (i32.const 0x77))))
          (then
            (local.set $c (local.get $from))
            (block $stop
              (loop $slide
                (local.set $c (call $w (i32.add (local.get $links)
                  (i32.add (i32.mul (local.get $c) (local.get $dirs)) (local.get $d)))))
                (br_if $stop (i32.lt_s (local.get $c) (i32.const 0)))
                ;; Empty: go on.
                (if (i32.lt_s (call $w (i32.add (local.get $board) (i32.mul (local.get $c) (i32.const 5))))
                              (i32.const 0))
                  (then (call $answer (i32.const 1) (local.get $c)) (br $slide)))
                ;; Someone else's piece: take it, and stop.
                (if (i32.ne (call $w (i32.add (i32.add (local.get $board) (i32.mul (local.get $c) (i32.const 5)))
                                              (i32.const 1)))
                            (local.get $owner))
                  (then (call $answer (i32.const 2) (local.get $c))))
                (br $stop)))))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $each_direction)))
    (i32.const 65536)))
