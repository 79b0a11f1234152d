; subsume 0.1.0: Z3 4.8.12 answered unsat
; claim: commons-codec 1.10, site org.apache.commons.codec.binary.Base64@toIntegerBytes:751 (`bitlen = ((bitlen + 7) >> 3) << 3`): every input that kills mutant 6268 `-3` kills mutant 6266 `bitlen / 7`
(set-info :status unknown)
(set-logic QF_BV)
(declare-fun bitlen () (_ BitVec 32))
(assert
 (let ((?x13 (bvand (_ bv3 32) (_ bv31 32))))
 (let ((?x15 (bvshl (bvashr (bvadd bitlen (_ bv7 32)) ?x13) ?x13)))
 (let (($x37 (and (and (not false) (not (or false (= (_ bv7 32) (_ bv0 32))))) (or (not (= ?x15 (bvshl (bvashr (bvsdiv bitlen (_ bv7 32)) ?x13) ?x13)))))))
 (let (($x20 (= ?x15 (bvshl (bvashr (bvadd bitlen (_ bv7 32)) (bvand (bvneg (_ bv3 32)) (_ bv31 32))) ?x13))))
 (let (($x24 (or (xor false false) (and (and (not false) (not false)) (or (not $x20))))))
 (and $x24 (not (or (xor false (or false (= (_ bv7 32) (_ bv0 32)))) $x37)))))))))
(check-sat)
