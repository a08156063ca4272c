module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3xcomplex<f32>>) -> (tensor<complex<f32>> {jax.result_info = "result[0]"}, tensor<3x3xcomplex<f32>> {jax.result_info = "result[1]"}) {
    %0 = call @det(%arg0) : (tensor<3x3xcomplex<f32>>) -> tensor<complex<f32>>
    %1 = stablehlo.iota dim = 0 : tensor<3x3xi32>
    %2 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %4 = stablehlo.add %1, %3 : tensor<3x3xi32>
    %5 = stablehlo.compare EQ, %4, %2, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %6 = stablehlo.convert %5 : (tensor<3x3xi1>) -> tensor<3x3xf32>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<3x3xf32>
    %9 = stablehlo.convert %8 : (tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
    %10 = stablehlo.add %arg0, %9 : tensor<3x3xcomplex<f32>>
    %11 = call @inv(%10) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    return %0, %11 : tensor<complex<f32>>, tensor<3x3xcomplex<f32>>
  }
  func.func private @det(%arg0: tensor<3x3xcomplex<f32>>) -> tensor<complex<f32>> {
    %0 = stablehlo.slice %arg0 [1:2, 0:1] : (tensor<3x3xcomplex<f32>>) -> tensor<1x1xcomplex<f32>>
    %1 = stablehlo.reshape %0 : (tensor<1x1xcomplex<f32>>) -> tensor<complex<f32>>
    %2 = stablehlo.real %1 : (tensor<complex<f32>>) -> tensor<f32>
    %3 = stablehlo.imag %1 : (tensor<complex<f32>>) -> tensor<f32>
    %4 = stablehlo.abs %2 : tensor<f32>
    %5 = stablehlo.abs %3 : tensor<f32>
    %6 = stablehlo.maximum %4, %5 : tensor<f32>
    %cst = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %7 = stablehlo.compare GE, %6, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_0 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %8 = stablehlo.compare LE, %6, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_1 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %9 = stablehlo.multiply %2, %cst_1 : tensor<f32>
    %cst_2 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %10 = stablehlo.multiply %2, %cst_2 : tensor<f32>
    %11 = stablehlo.select %8, %10, %2 : tensor<i1>, tensor<f32>
    %12 = stablehlo.select %7, %9, %11 : tensor<i1>, tensor<f32>
    %cst_3 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %13 = stablehlo.multiply %3, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %14 = stablehlo.multiply %3, %cst_4 : tensor<f32>
    %15 = stablehlo.select %8, %14, %3 : tensor<i1>, tensor<f32>
    %16 = stablehlo.select %7, %13, %15 : tensor<i1>, tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_6 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %17 = stablehlo.select %8, %cst_6, %cst_5 : tensor<i1>, tensor<f32>
    %cst_7 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %18 = stablehlo.select %7, %cst_7, %17 : tensor<i1>, tensor<f32>
    %19 = chlo.square %12 : tensor<f32> -> tensor<f32>
    %20 = chlo.square %16 : tensor<f32> -> tensor<f32>
    %21 = stablehlo.add %19, %20 : tensor<f32>
    %22 = stablehlo.sqrt %21 : tensor<f32>
    %23 = stablehlo.multiply %22, %18 : tensor<f32>
    %cst_8 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %24 = stablehlo.compare EQ, %4, %cst_8, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_9 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %25 = stablehlo.compare EQ, %5, %cst_9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %26 = stablehlo.or %24, %25 : tensor<i1>
    %cst_10 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %27 = stablehlo.select %26, %cst_10, %23 : tensor<i1>, tensor<f32>
    %28 = stablehlo.divide %12, %22 : tensor<f32>
    %29 = stablehlo.divide %16, %22 : tensor<f32>
    %30 = stablehlo.slice %arg0 [0:1, 0:1] : (tensor<3x3xcomplex<f32>>) -> tensor<1x1xcomplex<f32>>
    %31 = stablehlo.reshape %30 : (tensor<1x1xcomplex<f32>>) -> tensor<complex<f32>>
    %32 = stablehlo.real %31 : (tensor<complex<f32>>) -> tensor<f32>
    %33 = stablehlo.imag %31 : (tensor<complex<f32>>) -> tensor<f32>
    %34 = stablehlo.abs %32 : tensor<f32>
    %35 = stablehlo.abs %33 : tensor<f32>
    %36 = stablehlo.maximum %34, %35 : tensor<f32>
    %cst_11 = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %37 = stablehlo.compare GE, %36, %cst_11, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_12 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %38 = stablehlo.compare LE, %36, %cst_12, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_13 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %39 = stablehlo.multiply %32, %cst_13 : tensor<f32>
    %cst_14 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %40 = stablehlo.multiply %32, %cst_14 : tensor<f32>
    %41 = stablehlo.select %38, %40, %32 : tensor<i1>, tensor<f32>
    %42 = stablehlo.select %37, %39, %41 : tensor<i1>, tensor<f32>
    %cst_15 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %43 = stablehlo.multiply %33, %cst_15 : tensor<f32>
    %cst_16 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %44 = stablehlo.multiply %33, %cst_16 : tensor<f32>
    %45 = stablehlo.select %38, %44, %33 : tensor<i1>, tensor<f32>
    %46 = stablehlo.select %37, %43, %45 : tensor<i1>, tensor<f32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_18 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %47 = stablehlo.select %38, %cst_18, %cst_17 : tensor<i1>, tensor<f32>
    %cst_19 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %48 = stablehlo.select %37, %cst_19, %47 : tensor<i1>, tensor<f32>
    %49 = chlo.square %42 : tensor<f32> -> tensor<f32>
    %50 = chlo.square %46 : tensor<f32> -> tensor<f32>
    %51 = stablehlo.add %49, %50 : tensor<f32>
    %52 = stablehlo.sqrt %51 : tensor<f32>
    %53 = stablehlo.multiply %52, %48 : tensor<f32>
    %cst_20 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %54 = stablehlo.compare EQ, %34, %cst_20, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_21 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %55 = stablehlo.compare EQ, %35, %cst_21, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %56 = stablehlo.or %54, %55 : tensor<i1>
    %cst_22 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %57 = stablehlo.select %56, %cst_22, %53 : tensor<i1>, tensor<f32>
    %58 = stablehlo.divide %42, %52 : tensor<f32>
    %59 = stablehlo.divide %46, %52 : tensor<f32>
    %60 = stablehlo.compare GT, %27, %57, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %61 = stablehlo.broadcast_in_dim %60, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %62 = stablehlo.slice %arg0 [1:2, 0:3] : (tensor<3x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %63 = stablehlo.reshape %62 : (tensor<1x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %64 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<3x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %65 = stablehlo.reshape %64 : (tensor<1x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %66 = call @_where(%61, %63, %65) : (tensor<1xi1>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %67 = stablehlo.broadcast_in_dim %60, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %68 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<3x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %69 = stablehlo.reshape %68 : (tensor<1x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %70 = stablehlo.slice %arg0 [1:2, 0:3] : (tensor<3x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %71 = stablehlo.reshape %70 : (tensor<1x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %72 = call @_where(%67, %69, %71) : (tensor<1xi1>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %73 = stablehlo.slice %arg0 [2:3, 0:3] : (tensor<3x3xcomplex<f32>>) -> tensor<1x3xcomplex<f32>>
    %74 = stablehlo.reshape %73 : (tensor<1x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %c_23 = stablehlo.constant dense<1> : tensor<i32>
    %75 = call @_where_0(%60, %c, %c_23) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %76 = stablehlo.slice %74 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %77 = stablehlo.reshape %76 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %78 = stablehlo.real %77 : (tensor<complex<f32>>) -> tensor<f32>
    %79 = stablehlo.imag %77 : (tensor<complex<f32>>) -> tensor<f32>
    %80 = stablehlo.abs %78 : tensor<f32>
    %81 = stablehlo.abs %79 : tensor<f32>
    %82 = stablehlo.maximum %80, %81 : tensor<f32>
    %cst_24 = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %83 = stablehlo.compare GE, %82, %cst_24, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_25 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %84 = stablehlo.compare LE, %82, %cst_25, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_26 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %85 = stablehlo.multiply %78, %cst_26 : tensor<f32>
    %cst_27 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %86 = stablehlo.multiply %78, %cst_27 : tensor<f32>
    %87 = stablehlo.select %84, %86, %78 : tensor<i1>, tensor<f32>
    %88 = stablehlo.select %83, %85, %87 : tensor<i1>, tensor<f32>
    %cst_28 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %89 = stablehlo.multiply %79, %cst_28 : tensor<f32>
    %cst_29 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %90 = stablehlo.multiply %79, %cst_29 : tensor<f32>
    %91 = stablehlo.select %84, %90, %79 : tensor<i1>, tensor<f32>
    %92 = stablehlo.select %83, %89, %91 : tensor<i1>, tensor<f32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_31 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %93 = stablehlo.select %84, %cst_31, %cst_30 : tensor<i1>, tensor<f32>
    %cst_32 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %94 = stablehlo.select %83, %cst_32, %93 : tensor<i1>, tensor<f32>
    %95 = chlo.square %88 : tensor<f32> -> tensor<f32>
    %96 = chlo.square %92 : tensor<f32> -> tensor<f32>
    %97 = stablehlo.add %95, %96 : tensor<f32>
    %98 = stablehlo.sqrt %97 : tensor<f32>
    %99 = stablehlo.multiply %98, %94 : tensor<f32>
    %cst_33 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %100 = stablehlo.compare EQ, %80, %cst_33, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_34 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %101 = stablehlo.compare EQ, %81, %cst_34, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %102 = stablehlo.or %100, %101 : tensor<i1>
    %cst_35 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %103 = stablehlo.select %102, %cst_35, %99 : tensor<i1>, tensor<f32>
    %104 = stablehlo.divide %88, %98 : tensor<f32>
    %105 = stablehlo.divide %92, %98 : tensor<f32>
    %106 = stablehlo.slice %66 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %107 = stablehlo.reshape %106 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %108 = stablehlo.real %107 : (tensor<complex<f32>>) -> tensor<f32>
    %109 = stablehlo.imag %107 : (tensor<complex<f32>>) -> tensor<f32>
    %110 = stablehlo.abs %108 : tensor<f32>
    %111 = stablehlo.abs %109 : tensor<f32>
    %112 = stablehlo.maximum %110, %111 : tensor<f32>
    %cst_36 = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %113 = stablehlo.compare GE, %112, %cst_36, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_37 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %114 = stablehlo.compare LE, %112, %cst_37, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_38 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %115 = stablehlo.multiply %108, %cst_38 : tensor<f32>
    %cst_39 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %116 = stablehlo.multiply %108, %cst_39 : tensor<f32>
    %117 = stablehlo.select %114, %116, %108 : tensor<i1>, tensor<f32>
    %118 = stablehlo.select %113, %115, %117 : tensor<i1>, tensor<f32>
    %cst_40 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %119 = stablehlo.multiply %109, %cst_40 : tensor<f32>
    %cst_41 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %120 = stablehlo.multiply %109, %cst_41 : tensor<f32>
    %121 = stablehlo.select %114, %120, %109 : tensor<i1>, tensor<f32>
    %122 = stablehlo.select %113, %119, %121 : tensor<i1>, tensor<f32>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_43 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %123 = stablehlo.select %114, %cst_43, %cst_42 : tensor<i1>, tensor<f32>
    %cst_44 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %124 = stablehlo.select %113, %cst_44, %123 : tensor<i1>, tensor<f32>
    %125 = chlo.square %118 : tensor<f32> -> tensor<f32>
    %126 = chlo.square %122 : tensor<f32> -> tensor<f32>
    %127 = stablehlo.add %125, %126 : tensor<f32>
    %128 = stablehlo.sqrt %127 : tensor<f32>
    %129 = stablehlo.multiply %128, %124 : tensor<f32>
    %cst_45 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %130 = stablehlo.compare EQ, %110, %cst_45, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_46 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %131 = stablehlo.compare EQ, %111, %cst_46, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %132 = stablehlo.or %130, %131 : tensor<i1>
    %cst_47 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %133 = stablehlo.select %132, %cst_47, %129 : tensor<i1>, tensor<f32>
    %134 = stablehlo.divide %118, %128 : tensor<f32>
    %135 = stablehlo.divide %122, %128 : tensor<f32>
    %136 = stablehlo.compare GT, %103, %133, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %137 = stablehlo.broadcast_in_dim %136, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %138 = call @_where(%137, %74, %66) : (tensor<1xi1>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %139 = stablehlo.broadcast_in_dim %136, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %140 = call @_where(%139, %66, %74) : (tensor<1xi1>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %141 = stablehlo.negate %75 : tensor<i32>
    %142 = call @_where_0(%136, %141, %75) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %143 = stablehlo.slice %138 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %144 = stablehlo.reshape %143 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %cst_48 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %145 = stablehlo.compare EQ, %144, %cst_48, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    %146 = stablehlo.slice %138 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %147 = stablehlo.reshape %146 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %c_49 = stablehlo.constant dense<1> : tensor<i32>
    %148 = call @_where_1(%145, %c_49, %147) : (tensor<i1>, tensor<i32>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %149 = stablehlo.slice %138 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %150 = stablehlo.reshape %149 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %cst_50 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %151 = stablehlo.compare EQ, %150, %cst_50, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    %152 = stablehlo.slice %72 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %153 = stablehlo.reshape %152 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %154 = stablehlo.divide %153, %148 : tensor<complex<f32>>
    %c_51 = stablehlo.constant dense<0> : tensor<i32>
    %155 = call @_where_1(%151, %c_51, %154) : (tensor<i1>, tensor<i32>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %156 = stablehlo.slice %138 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %157 = stablehlo.reshape %156 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %cst_52 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %158 = stablehlo.compare EQ, %157, %cst_52, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    %159 = stablehlo.slice %140 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %160 = stablehlo.reshape %159 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %161 = stablehlo.divide %160, %148 : tensor<complex<f32>>
    %c_53 = stablehlo.constant dense<0> : tensor<i32>
    %162 = call @_where_1(%158, %c_53, %161) : (tensor<i1>, tensor<i32>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %163 = stablehlo.broadcast_in_dim %155, dims = [] : (tensor<complex<f32>>) -> tensor<1xcomplex<f32>>
    %164 = stablehlo.broadcast_in_dim %163, dims = [0] : (tensor<1xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %165 = stablehlo.multiply %164, %138 : tensor<3xcomplex<f32>>
    %166 = stablehlo.subtract %72, %165 : tensor<3xcomplex<f32>>
    %167 = stablehlo.broadcast_in_dim %162, dims = [] : (tensor<complex<f32>>) -> tensor<1xcomplex<f32>>
    %168 = stablehlo.broadcast_in_dim %167, dims = [0] : (tensor<1xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %169 = stablehlo.multiply %168, %138 : tensor<3xcomplex<f32>>
    %170 = stablehlo.subtract %140, %169 : tensor<3xcomplex<f32>>
    %171 = stablehlo.slice %170 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %172 = stablehlo.reshape %171 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %173 = stablehlo.real %172 : (tensor<complex<f32>>) -> tensor<f32>
    %174 = stablehlo.imag %172 : (tensor<complex<f32>>) -> tensor<f32>
    %175 = stablehlo.abs %173 : tensor<f32>
    %176 = stablehlo.abs %174 : tensor<f32>
    %177 = stablehlo.maximum %175, %176 : tensor<f32>
    %cst_54 = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %178 = stablehlo.compare GE, %177, %cst_54, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_55 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %179 = stablehlo.compare LE, %177, %cst_55, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_56 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %180 = stablehlo.multiply %173, %cst_56 : tensor<f32>
    %cst_57 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %181 = stablehlo.multiply %173, %cst_57 : tensor<f32>
    %182 = stablehlo.select %179, %181, %173 : tensor<i1>, tensor<f32>
    %183 = stablehlo.select %178, %180, %182 : tensor<i1>, tensor<f32>
    %cst_58 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %184 = stablehlo.multiply %174, %cst_58 : tensor<f32>
    %cst_59 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %185 = stablehlo.multiply %174, %cst_59 : tensor<f32>
    %186 = stablehlo.select %179, %185, %174 : tensor<i1>, tensor<f32>
    %187 = stablehlo.select %178, %184, %186 : tensor<i1>, tensor<f32>
    %cst_60 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_61 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %188 = stablehlo.select %179, %cst_61, %cst_60 : tensor<i1>, tensor<f32>
    %cst_62 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %189 = stablehlo.select %178, %cst_62, %188 : tensor<i1>, tensor<f32>
    %190 = chlo.square %183 : tensor<f32> -> tensor<f32>
    %191 = chlo.square %187 : tensor<f32> -> tensor<f32>
    %192 = stablehlo.add %190, %191 : tensor<f32>
    %193 = stablehlo.sqrt %192 : tensor<f32>
    %194 = stablehlo.multiply %193, %189 : tensor<f32>
    %cst_63 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %195 = stablehlo.compare EQ, %175, %cst_63, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_64 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %196 = stablehlo.compare EQ, %176, %cst_64, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %197 = stablehlo.or %195, %196 : tensor<i1>
    %cst_65 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %198 = stablehlo.select %197, %cst_65, %194 : tensor<i1>, tensor<f32>
    %199 = stablehlo.divide %183, %193 : tensor<f32>
    %200 = stablehlo.divide %187, %193 : tensor<f32>
    %201 = stablehlo.slice %166 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %202 = stablehlo.reshape %201 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %203 = stablehlo.real %202 : (tensor<complex<f32>>) -> tensor<f32>
    %204 = stablehlo.imag %202 : (tensor<complex<f32>>) -> tensor<f32>
    %205 = stablehlo.abs %203 : tensor<f32>
    %206 = stablehlo.abs %204 : tensor<f32>
    %207 = stablehlo.maximum %205, %206 : tensor<f32>
    %cst_66 = stablehlo.constant dense<9.22337203E+18> : tensor<f32>
    %208 = stablehlo.compare GE, %207, %cst_66, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_67 = stablehlo.constant dense<2.44140625E-4> : tensor<f32>
    %209 = stablehlo.compare LE, %207, %cst_67, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_68 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %210 = stablehlo.multiply %203, %cst_68 : tensor<f32>
    %cst_69 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %211 = stablehlo.multiply %203, %cst_69 : tensor<f32>
    %212 = stablehlo.select %209, %211, %203 : tensor<i1>, tensor<f32>
    %213 = stablehlo.select %208, %210, %212 : tensor<i1>, tensor<f32>
    %cst_70 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %214 = stablehlo.multiply %204, %cst_70 : tensor<f32>
    %cst_71 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %215 = stablehlo.multiply %204, %cst_71 : tensor<f32>
    %216 = stablehlo.select %209, %215, %204 : tensor<i1>, tensor<f32>
    %217 = stablehlo.select %208, %214, %216 : tensor<i1>, tensor<f32>
    %cst_72 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_73 = stablehlo.constant dense<2.64697796E-23> : tensor<f32>
    %218 = stablehlo.select %209, %cst_73, %cst_72 : tensor<i1>, tensor<f32>
    %cst_74 = stablehlo.constant dense<3.77789319E+22> : tensor<f32>
    %219 = stablehlo.select %208, %cst_74, %218 : tensor<i1>, tensor<f32>
    %220 = chlo.square %213 : tensor<f32> -> tensor<f32>
    %221 = chlo.square %217 : tensor<f32> -> tensor<f32>
    %222 = stablehlo.add %220, %221 : tensor<f32>
    %223 = stablehlo.sqrt %222 : tensor<f32>
    %224 = stablehlo.multiply %223, %219 : tensor<f32>
    %cst_75 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %225 = stablehlo.compare EQ, %205, %cst_75, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_76 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %226 = stablehlo.compare EQ, %206, %cst_76, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %227 = stablehlo.or %225, %226 : tensor<i1>
    %cst_77 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %228 = stablehlo.select %227, %cst_77, %224 : tensor<i1>, tensor<f32>
    %229 = stablehlo.divide %213, %223 : tensor<f32>
    %230 = stablehlo.divide %217, %223 : tensor<f32>
    %231 = stablehlo.compare GT, %198, %228, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %232 = stablehlo.broadcast_in_dim %231, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %233 = call @_where(%232, %170, %166) : (tensor<1xi1>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %234 = stablehlo.broadcast_in_dim %231, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %235 = call @_where(%234, %166, %170) : (tensor<1xi1>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    %236 = stablehlo.negate %142 : tensor<i32>
    %237 = call @_where_0(%231, %236, %142) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %238 = stablehlo.slice %233 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %239 = stablehlo.reshape %238 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %cst_78 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %240 = stablehlo.compare EQ, %239, %cst_78, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    %241 = stablehlo.slice %233 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %242 = stablehlo.reshape %241 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %c_79 = stablehlo.constant dense<1> : tensor<i32>
    %243 = call @_where_1(%240, %c_79, %242) : (tensor<i1>, tensor<i32>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %244 = stablehlo.slice %233 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %245 = stablehlo.reshape %244 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %cst_80 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %246 = stablehlo.compare EQ, %245, %cst_80, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    %247 = stablehlo.slice %235 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %248 = stablehlo.reshape %247 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %249 = stablehlo.divide %248, %243 : tensor<complex<f32>>
    %c_81 = stablehlo.constant dense<0> : tensor<i32>
    %250 = call @_where_1(%246, %c_81, %249) : (tensor<i1>, tensor<i32>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %251 = stablehlo.slice %235 [2:3] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %252 = stablehlo.reshape %251 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %253 = stablehlo.slice %233 [2:3] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %254 = stablehlo.reshape %253 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %255 = stablehlo.multiply %250, %254 : tensor<complex<f32>>
    %256 = stablehlo.subtract %252, %255 : tensor<complex<f32>>
    %257 = stablehlo.slice %138 [0:1] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %258 = stablehlo.reshape %257 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %259 = stablehlo.convert %237 : (tensor<i32>) -> tensor<complex<f32>>
    %260 = stablehlo.multiply %259, %258 : tensor<complex<f32>>
    %261 = stablehlo.slice %233 [1:2] : (tensor<3xcomplex<f32>>) -> tensor<1xcomplex<f32>>
    %262 = stablehlo.reshape %261 : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
    %263 = stablehlo.multiply %260, %262 : tensor<complex<f32>>
    %264 = stablehlo.multiply %263, %256 : tensor<complex<f32>>
    return %264 : tensor<complex<f32>>
  }
  func.func private @_where(%arg0: tensor<1xi1>, %arg1: tensor<3xcomplex<f32>>, %arg2: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %1 = stablehlo.select %0, %arg1, %arg2 : tensor<3xi1>, tensor<3xcomplex<f32>>
    return %1 : tensor<3xcomplex<f32>>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<complex<f32>>) -> tensor<complex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<complex<f32>>
    return %1 : tensor<complex<f32>>
  }
  func.func private @inv(%arg0: tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>> {
    %0 = stablehlo.iota dim = 0 : tensor<3x3xi32>
    %1 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %3 = stablehlo.add %0, %2 : tensor<3x3xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %5 = stablehlo.convert %4 : (tensor<3x3xi1>) -> tensor<3x3xcomplex<f32>>
    %6 = call @solve(%arg0, %5) : (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    return %6 : tensor<3x3xcomplex<f32>>
  }
  func.func private @solve(%arg0: tensor<3x3xcomplex<f32>>, %arg1: tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>> {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=3, j=3, k=3, l=3, m=3}, custom>} : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<3x3xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x3xi1>, tensor<3x3xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<3xi32>, tensor<i32>, tensor<i32>, tensor<3xi32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_8 = stablehlo.constant dense<3> : tensor<i32>
      %17 = stablehlo.add %16, %c_8 : tensor<i32>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i32>
      %19 = stablehlo.dynamic_slice %iterArg, %18, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
      %20 = stablehlo.reshape %19 : (tensor<1xi32>) -> tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %21 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %22 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_10 = stablehlo.constant dense<3> : tensor<i32>
      %23 = stablehlo.add %22, %c_10 : tensor<i32>
      %24 = stablehlo.select %21, %23, %iterArg_4 : tensor<i1>, tensor<i32>
      %25 = stablehlo.dynamic_slice %iterArg_5, %24, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
      %26 = stablehlo.reshape %25 : (tensor<1xi32>) -> tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %20, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<3> : tensor<i32>
      %28 = stablehlo.add %20, %c_12 : tensor<i32>
      %29 = stablehlo.select %27, %28, %20 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_5, %29, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
      %31 = stablehlo.reshape %30 : (tensor<1xi32>) -> tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<3> : tensor<i32>
      %33 = stablehlo.add %iterArg_4, %c_14 : tensor<i32>
      %34 = stablehlo.select %32, %33, %iterArg_4 : tensor<i1>, tensor<i32>
      %35 = stablehlo.convert %34 : tensor<i32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %37 = "stablehlo.scatter"(%iterArg_5, %36, %31) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %20, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<3> : tensor<i32>
      %39 = stablehlo.add %20, %c_16 : tensor<i32>
      %40 = stablehlo.select %38, %39, %20 : tensor<i1>, tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%37, %41, %26) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %43 = stablehlo.add %iterArg_3, %c_17 : tensor<i32>
      stablehlo.return %iterArg, %43, %14, %42 : tensor<3xi32>, tensor<i32>, tensor<i32>, tensor<3xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<3x3xcomplex<f32>>, tensor<3xi32>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    return %13 : tensor<3x3xcomplex<f32>>
  }
  func.func private @_lu_solve(%arg0: tensor<3x3xcomplex<f32>>, %arg1: tensor<3xi32>, %arg2: tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<3x3xcomplex<f32>>) -> tensor<3x3x1xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<3xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<3xi1>, tensor<3xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1, 1>}> : (tensor<3x3x1xcomplex<f32>>, tensor<3x1xi32>) -> tensor<3x3x1xcomplex<f32>>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<3x3x1xcomplex<f32>>) -> tensor<3x1x3xcomplex<f32>>
    %9 = stablehlo.reshape %8 : (tensor<3x1x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %10 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %11 = stablehlo.reshape %10 : (tensor<3x3xcomplex<f32>>) -> tensor<3x1x3xcomplex<f32>>
    %12 = stablehlo.reshape %11 : (tensor<3x1x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %13 = stablehlo.custom_call @lapack_ctrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    %14 = stablehlo.reshape %13 : (tensor<3x3xcomplex<f32>>) -> tensor<3x1x3xcomplex<f32>>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<3x1x3xcomplex<f32>>) -> tensor<3x3x1xcomplex<f32>>
    %16 = stablehlo.reshape %15 : (tensor<3x3x1xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
    return %16 : tensor<3x3xcomplex<f32>>
  }
}
