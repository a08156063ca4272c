module @jit_apply attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>, %arg1: tensor<128x32xf32>, %arg2: tensor<128xf32>, %arg3: tensor<32x128xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<4x8xf32>, %arg9: tensor<32x4x8xf32>, %arg10: tensor<32xf32>, %arg11: tensor<4x8x32xf32>, %arg12: tensor<4x8xf32>, %arg13: tensor<32x4x8xf32>, %arg14: tensor<4x8xf32>, %arg15: tensor<32x4x8xf32>, %arg16: tensor<32xf32>, %arg17: tensor<128x32xf32>, %arg18: tensor<128xf32>, %arg19: tensor<32x128xf32>, %arg20: tensor<32xf32>, %arg21: tensor<32xf32>, %arg22: tensor<32xf32>, %arg23: tensor<32xf32>, %arg24: tensor<4x8xf32>, %arg25: tensor<32x4x8xf32>, %arg26: tensor<32xf32>, %arg27: tensor<4x8x32xf32>, %arg28: tensor<4x8xf32>, %arg29: tensor<32x4x8xf32>, %arg30: tensor<4x8xf32>, %arg31: tensor<32x4x8xf32>, %arg32: tensor<128x32xf32>, %arg33: tensor<32xf32>, %arg34: tensor<32xf32>, %arg35: tensor<16x32xf32>, %arg36: tensor<2x16xi32>) -> (tensor<2x16x128xf32> {jax.result_info = "result"}) {
    %0 = call @_take(%arg32, %arg36) : (tensor<128x32xf32>, tensor<2x16xi32>) -> tensor<2x16x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg35, dims = [1, 2] : (tensor<16x32xf32>) -> tensor<1x16x32xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x16x32xf32>) -> tensor<2x16x32xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x16x32xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %5 = stablehlo.iota dim = 0 : tensor<16xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1] : (tensor<16xi32>) -> tensor<2x16xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %8 = stablehlo.broadcast_in_dim %6, dims = [0, 2] : (tensor<2x16xi32>) -> tensor<2x1x16xi32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x16x1xi32>) -> tensor<2x16x16xi32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x1x16xi32>) -> tensor<2x16x16xi32>
    %11 = stablehlo.compare GE, %9, %10, SIGNED : (tensor<2x16x16xi32>, tensor<2x16x16xi32>) -> tensor<2x16x16xi1>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 2, 3] : (tensor<2x16x16xi1>) -> tensor<2x1x16x16xi1>
    %13 = stablehlo.convert %12 : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xf32>
    %14 = chlo.square %3 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %17 = stablehlo.divide %15, %16 : tensor<2x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%14 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_2 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %20 = stablehlo.divide %18, %19 : tensor<2x16xf32>
    %21 = chlo.square %17 : tensor<2x16xf32> -> tensor<2x16xf32>
    %22 = stablehlo.subtract %20, %21 : tensor<2x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %24 = stablehlo.maximum %23, %22 : tensor<2x16xf32>
    %25 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %26 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %27 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %28 = stablehlo.subtract %3, %27 : tensor<2x16x32xf32>
    %cst_4 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %30 = stablehlo.add %26, %29 : tensor<2x16x1xf32>
    %31 = stablehlo.rsqrt %30 : tensor<2x16x1xf32>
    %32 = stablehlo.reshape %arg5 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %35 = stablehlo.multiply %33, %34 : tensor<2x16x32xf32>
    %36 = stablehlo.multiply %28, %35 : tensor<2x16x32xf32>
    %37 = stablehlo.reshape %arg4 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %39 = stablehlo.add %36, %38 : tensor<2x16x32xf32>
    %40 = stablehlo.dot_general %39, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %41 = stablehlo.reshape %arg12 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %43 = stablehlo.add %40, %42 : tensor<2x16x4x8xf32>
    %44 = stablehlo.dot_general %39, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %45 = stablehlo.reshape %arg8 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %47 = stablehlo.add %44, %46 : tensor<2x16x4x8xf32>
    %48 = stablehlo.dot_general %39, %arg15, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %49 = stablehlo.reshape %arg14 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %51 = stablehlo.add %48, %50 : tensor<2x16x4x8xf32>
    %cst_5 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %52 = stablehlo.sqrt %cst_5 : tensor<f32>
    %53 = stablehlo.convert %52 : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %55 = stablehlo.divide %43, %54 : tensor<2x16x4x8xf32>
    %56 = stablehlo.dot_general %55, %47, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %cst_6 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %57 = call @_where_0(%13, %56, %cst_6) : (tensor<2x1x16x16xf32>, tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16x16xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %58 = stablehlo.reduce(%57 init: %cst_7) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %60 = stablehlo.maximum %59, %58 : tensor<2x4x16xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %63 = stablehlo.subtract %57, %62 : tensor<2x4x16x16xf32>
    %64 = stablehlo.exponential %63 : tensor<2x4x16x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%64 init: %cst_9) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %68 = stablehlo.divide %64, %67 : tensor<2x4x16x16xf32>
    %69 = stablehlo.dot_general %51, %68, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %70 = stablehlo.transpose %69, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %71 = stablehlo.dot_general %70, %arg11, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<4x8x32xf32>) -> tensor<2x16x32xf32>
    %72 = stablehlo.reshape %arg10 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %74 = stablehlo.add %71, %73 : tensor<2x16x32xf32>
    %75 = stablehlo.add %3, %74 : tensor<2x16x32xf32>
    %76 = chlo.square %75 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.reduce(%75 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_11 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %79 = stablehlo.divide %77, %78 : tensor<2x16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %80 = stablehlo.reduce(%76 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_13 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %82 = stablehlo.divide %80, %81 : tensor<2x16xf32>
    %83 = chlo.square %79 : tensor<2x16xf32> -> tensor<2x16xf32>
    %84 = stablehlo.subtract %82, %83 : tensor<2x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %86 = stablehlo.maximum %85, %84 : tensor<2x16xf32>
    %87 = stablehlo.broadcast_in_dim %79, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %88 = stablehlo.broadcast_in_dim %86, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %89 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %90 = stablehlo.subtract %75, %89 : tensor<2x16x32xf32>
    %cst_15 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %92 = stablehlo.add %88, %91 : tensor<2x16x1xf32>
    %93 = stablehlo.rsqrt %92 : tensor<2x16x1xf32>
    %94 = stablehlo.reshape %arg7 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %95 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %96 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %97 = stablehlo.multiply %95, %96 : tensor<2x16x32xf32>
    %98 = stablehlo.multiply %90, %97 : tensor<2x16x32xf32>
    %99 = stablehlo.reshape %arg6 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %101 = stablehlo.add %98, %100 : tensor<2x16x32xf32>
    %102 = stablehlo.dot_general %101, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x128xf32>) -> tensor<2x16x128xf32>
    %103 = stablehlo.reshape %arg2 : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<2x16x128xf32>
    %105 = stablehlo.add %102, %104 : tensor<2x16x128xf32>
    %106 = stablehlo.multiply %105, %105 : tensor<2x16x128xf32>
    %107 = stablehlo.multiply %106, %105 : tensor<2x16x128xf32>
    %cst_16 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %109 = stablehlo.multiply %108, %107 : tensor<2x16x128xf32>
    %110 = stablehlo.add %105, %109 : tensor<2x16x128xf32>
    %cst_17 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %112 = stablehlo.multiply %111, %110 : tensor<2x16x128xf32>
    %113 = stablehlo.tanh %112 : tensor<2x16x128xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %115 = stablehlo.add %114, %113 : tensor<2x16x128xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %117 = stablehlo.multiply %116, %115 : tensor<2x16x128xf32>
    %118 = stablehlo.multiply %105, %117 : tensor<2x16x128xf32>
    %119 = stablehlo.dot_general %118, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<128x32xf32>) -> tensor<2x16x32xf32>
    %120 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %122 = stablehlo.add %119, %121 : tensor<2x16x32xf32>
    %123 = stablehlo.add %75, %122 : tensor<2x16x32xf32>
    %c_20 = stablehlo.constant dense<1> : tensor<i32>
    %124 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %125 = stablehlo.iota dim = 0 : tensor<16xi32>
    %126 = stablehlo.broadcast_in_dim %125, dims = [1] : (tensor<16xi32>) -> tensor<2x16xi32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %128 = stablehlo.broadcast_in_dim %126, dims = [0, 2] : (tensor<2x16xi32>) -> tensor<2x1x16xi32>
    %129 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2] : (tensor<2x16x1xi32>) -> tensor<2x16x16xi32>
    %130 = stablehlo.broadcast_in_dim %128, dims = [0, 1, 2] : (tensor<2x1x16xi32>) -> tensor<2x16x16xi32>
    %131 = stablehlo.compare GE, %129, %130, SIGNED : (tensor<2x16x16xi32>, tensor<2x16x16xi32>) -> tensor<2x16x16xi1>
    %132 = stablehlo.broadcast_in_dim %131, dims = [0, 2, 3] : (tensor<2x16x16xi1>) -> tensor<2x1x16x16xi1>
    %133 = stablehlo.convert %132 : (tensor<2x1x16x16xi1>) -> tensor<2x1x16x16xf32>
    %134 = chlo.square %123 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %135 = stablehlo.reduce(%123 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_22 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %137 = stablehlo.divide %135, %136 : tensor<2x16xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %138 = stablehlo.reduce(%134 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_24 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %140 = stablehlo.divide %138, %139 : tensor<2x16xf32>
    %141 = chlo.square %137 : tensor<2x16xf32> -> tensor<2x16xf32>
    %142 = stablehlo.subtract %140, %141 : tensor<2x16xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %144 = stablehlo.maximum %143, %142 : tensor<2x16xf32>
    %145 = stablehlo.broadcast_in_dim %137, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %146 = stablehlo.broadcast_in_dim %144, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %147 = stablehlo.broadcast_in_dim %145, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %148 = stablehlo.subtract %123, %147 : tensor<2x16x32xf32>
    %cst_26 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %150 = stablehlo.add %146, %149 : tensor<2x16x1xf32>
    %151 = stablehlo.rsqrt %150 : tensor<2x16x1xf32>
    %152 = stablehlo.reshape %arg21 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %153 = stablehlo.broadcast_in_dim %151, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %154 = stablehlo.broadcast_in_dim %152, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %155 = stablehlo.multiply %153, %154 : tensor<2x16x32xf32>
    %156 = stablehlo.multiply %148, %155 : tensor<2x16x32xf32>
    %157 = stablehlo.reshape %arg20 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %158 = stablehlo.broadcast_in_dim %157, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %159 = stablehlo.add %156, %158 : tensor<2x16x32xf32>
    %160 = stablehlo.dot_general %159, %arg29, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %161 = stablehlo.reshape %arg28 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %162 = stablehlo.broadcast_in_dim %161, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %163 = stablehlo.add %160, %162 : tensor<2x16x4x8xf32>
    %164 = stablehlo.dot_general %159, %arg25, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %165 = stablehlo.reshape %arg24 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %166 = stablehlo.broadcast_in_dim %165, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %167 = stablehlo.add %164, %166 : tensor<2x16x4x8xf32>
    %168 = stablehlo.dot_general %159, %arg31, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x4x8xf32>) -> tensor<2x16x4x8xf32>
    %169 = stablehlo.reshape %arg30 : (tensor<4x8xf32>) -> tensor<1x1x4x8xf32>
    %170 = stablehlo.broadcast_in_dim %169, dims = [0, 1, 2, 3] : (tensor<1x1x4x8xf32>) -> tensor<2x16x4x8xf32>
    %171 = stablehlo.add %168, %170 : tensor<2x16x4x8xf32>
    %cst_27 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %172 = stablehlo.sqrt %cst_27 : tensor<f32>
    %173 = stablehlo.convert %172 : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %173, dims = [] : (tensor<f32>) -> tensor<2x16x4x8xf32>
    %175 = stablehlo.divide %163, %174 : tensor<2x16x4x8xf32>
    %176 = stablehlo.dot_general %175, %167, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x16x4x8xf32>) -> tensor<2x4x16x16xf32>
    %cst_28 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %177 = call @_where_0(%133, %176, %cst_28) : (tensor<2x1x16x16xf32>, tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16x16xf32>
    %cst_29 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %178 = stablehlo.reduce(%177 init: %cst_29) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %cst_30 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x4x16xf32>
    %180 = stablehlo.maximum %179, %178 : tensor<2x4x16xf32>
    %181 = stablehlo.broadcast_in_dim %180, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %182 = stablehlo.broadcast_in_dim %181, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %183 = stablehlo.subtract %177, %182 : tensor<2x4x16x16xf32>
    %184 = stablehlo.exponential %183 : tensor<2x4x16x16xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.reduce(%184 init: %cst_31) applies stablehlo.add across dimensions = [3] : (tensor<2x4x16x16xf32>, tensor<f32>) -> tensor<2x4x16xf32>
    %186 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<2x4x16xf32>) -> tensor<2x4x16x1xf32>
    %187 = stablehlo.broadcast_in_dim %186, dims = [0, 1, 2, 3] : (tensor<2x4x16x1xf32>) -> tensor<2x4x16x16xf32>
    %188 = stablehlo.divide %184, %187 : tensor<2x4x16x16xf32>
    %189 = stablehlo.dot_general %171, %188, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<2x4x16x16xf32>) -> tensor<2x4x8x16xf32>
    %190 = stablehlo.transpose %189, dims = [0, 3, 1, 2] : (tensor<2x4x8x16xf32>) -> tensor<2x16x4x8xf32>
    %191 = stablehlo.dot_general %190, %arg27, contracting_dims = [2, 3] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x16x4x8xf32>, tensor<4x8x32xf32>) -> tensor<2x16x32xf32>
    %192 = stablehlo.reshape %arg26 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %193 = stablehlo.broadcast_in_dim %192, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %194 = stablehlo.add %191, %193 : tensor<2x16x32xf32>
    %195 = stablehlo.add %123, %194 : tensor<2x16x32xf32>
    %196 = chlo.square %195 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %197 = stablehlo.reduce(%195 init: %cst_32) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_33 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %199 = stablehlo.divide %197, %198 : tensor<2x16xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %200 = stablehlo.reduce(%196 init: %cst_34) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_35 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %202 = stablehlo.divide %200, %201 : tensor<2x16xf32>
    %203 = chlo.square %199 : tensor<2x16xf32> -> tensor<2x16xf32>
    %204 = stablehlo.subtract %202, %203 : tensor<2x16xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %206 = stablehlo.maximum %205, %204 : tensor<2x16xf32>
    %207 = stablehlo.broadcast_in_dim %199, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %208 = stablehlo.broadcast_in_dim %206, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %209 = stablehlo.broadcast_in_dim %207, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %210 = stablehlo.subtract %195, %209 : tensor<2x16x32xf32>
    %cst_37 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %212 = stablehlo.add %208, %211 : tensor<2x16x1xf32>
    %213 = stablehlo.rsqrt %212 : tensor<2x16x1xf32>
    %214 = stablehlo.reshape %arg23 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %215 = stablehlo.broadcast_in_dim %213, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %216 = stablehlo.broadcast_in_dim %214, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %217 = stablehlo.multiply %215, %216 : tensor<2x16x32xf32>
    %218 = stablehlo.multiply %210, %217 : tensor<2x16x32xf32>
    %219 = stablehlo.reshape %arg22 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %221 = stablehlo.add %218, %220 : tensor<2x16x32xf32>
    %222 = stablehlo.dot_general %221, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x128xf32>) -> tensor<2x16x128xf32>
    %223 = stablehlo.reshape %arg18 : (tensor<128xf32>) -> tensor<1x1x128xf32>
    %224 = stablehlo.broadcast_in_dim %223, dims = [0, 1, 2] : (tensor<1x1x128xf32>) -> tensor<2x16x128xf32>
    %225 = stablehlo.add %222, %224 : tensor<2x16x128xf32>
    %226 = stablehlo.multiply %225, %225 : tensor<2x16x128xf32>
    %227 = stablehlo.multiply %226, %225 : tensor<2x16x128xf32>
    %cst_38 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %228 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %229 = stablehlo.multiply %228, %227 : tensor<2x16x128xf32>
    %230 = stablehlo.add %225, %229 : tensor<2x16x128xf32>
    %cst_39 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<2x16x128xf32>
    %233 = stablehlo.tanh %232 : tensor<2x16x128xf32>
    %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %234 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %235 = stablehlo.add %234, %233 : tensor<2x16x128xf32>
    %cst_41 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<2x16x128xf32>
    %237 = stablehlo.multiply %236, %235 : tensor<2x16x128xf32>
    %238 = stablehlo.multiply %225, %237 : tensor<2x16x128xf32>
    %239 = stablehlo.dot_general %238, %arg17, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x128xf32>, tensor<128x32xf32>) -> tensor<2x16x32xf32>
    %240 = stablehlo.reshape %arg16 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %241 = stablehlo.broadcast_in_dim %240, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %242 = stablehlo.add %239, %241 : tensor<2x16x32xf32>
    %243 = stablehlo.add %195, %242 : tensor<2x16x32xf32>
    %244 = chlo.square %243 : tensor<2x16x32xf32> -> tensor<2x16x32xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %245 = stablehlo.reduce(%243 init: %cst_42) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_43 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %247 = stablehlo.divide %245, %246 : tensor<2x16xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %248 = stablehlo.reduce(%244 init: %cst_44) applies stablehlo.add across dimensions = [2] : (tensor<2x16x32xf32>, tensor<f32>) -> tensor<2x16xf32>
    %cst_45 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %249 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %250 = stablehlo.divide %248, %249 : tensor<2x16xf32>
    %251 = chlo.square %247 : tensor<2x16xf32> -> tensor<2x16xf32>
    %252 = stablehlo.subtract %250, %251 : tensor<2x16xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %253 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %254 = stablehlo.maximum %253, %252 : tensor<2x16xf32>
    %255 = stablehlo.broadcast_in_dim %247, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %256 = stablehlo.broadcast_in_dim %254, dims = [0, 1] : (tensor<2x16xf32>) -> tensor<2x16x1xf32>
    %257 = stablehlo.broadcast_in_dim %255, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %258 = stablehlo.subtract %243, %257 : tensor<2x16x32xf32>
    %cst_47 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<2x16x1xf32>
    %260 = stablehlo.add %256, %259 : tensor<2x16x1xf32>
    %261 = stablehlo.rsqrt %260 : tensor<2x16x1xf32>
    %262 = stablehlo.reshape %arg34 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %263 = stablehlo.broadcast_in_dim %261, dims = [0, 1, 2] : (tensor<2x16x1xf32>) -> tensor<2x16x32xf32>
    %264 = stablehlo.broadcast_in_dim %262, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %265 = stablehlo.multiply %263, %264 : tensor<2x16x32xf32>
    %266 = stablehlo.multiply %258, %265 : tensor<2x16x32xf32>
    %267 = stablehlo.reshape %arg33 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %268 = stablehlo.broadcast_in_dim %267, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x16x32xf32>
    %269 = stablehlo.add %266, %268 : tensor<2x16x32xf32>
    %270 = stablehlo.transpose %arg32, dims = [1, 0] : (tensor<128x32xf32>) -> tensor<32x128xf32>
    %271 = stablehlo.dot_general %269, %270, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16x32xf32>, tensor<32x128xf32>) -> tensor<2x16x128xf32>
    return %271 : tensor<2x16x128xf32>
  }
  func.func private @_take(%arg0: tensor<128x32xf32>, %arg1: tensor<2x16xi32>) -> tensor<2x16x32xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi1>
    %c_0 = stablehlo.constant dense<128> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x16xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x16xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<2x16xi1>, tensor<2x16xi32>, tensor<2x16xi32>) -> tensor<2x16xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x16xi32>) -> tensor<2x16x1xi32>
    %c_1 = stablehlo.constant dense<127> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x16x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<2x16x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x16x1xi32>, tensor<2x16x1xi32>) -> tensor<2x16x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x16x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<2x16x1xi1>, tensor<i1>) -> tensor<2x16xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<128x32xf32>, tensor<2x16x1xi32>) -> tensor<2x16x32xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x16xi1>) -> tensor<2x16x32xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16x32xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x16x32xi1>, tensor<2x16x32xf32>
    return %16 : tensor<2x16x32xf32>
  }
  func.func private @_where(%arg0: tensor<2x16xi1>, %arg1: tensor<2x16xi32>, %arg2: tensor<2x16xi32>) -> tensor<2x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x16xi1>, tensor<2x16xi32>
    return %0 : tensor<2x16xi32>
  }
  func.func private @_where_0(%arg0: tensor<2x1x16x16xf32>, %arg1: tensor<2x4x16x16xf32>, %arg2: tensor<f32>) -> tensor<2x4x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x1x16x16xf32>
    %1 = stablehlo.compare NE, %arg0, %0, FLOAT : (tensor<2x1x16x16xf32>, tensor<2x1x16x16xf32>) -> tensor<2x1x16x16xi1>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<2x1x16x16xi1>) -> tensor<2x4x16x16xi1>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x4x16x16xf32>
    %4 = stablehlo.select %2, %arg1, %3 : tensor<2x4x16x16xi1>, tensor<2x4x16x16xf32>
    return %4 : tensor<2x4x16x16xf32>
  }
}
